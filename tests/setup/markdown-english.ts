// Unit tests render Markdown in English unless they pass a translate function, as the server does.
import { setDefaultMarkdownT } from "../../app/markdown/render.ts";
import { englishMarkdownT } from "../../app/markdown/translate.ts";

setDefaultMarkdownT(englishMarkdownT());
