// Server-side rendering of Markdown for pages: KaTeX runs here (the browser only gets its
// stylesheet, and only on pages with formulas), and mentions resolve in one backend call.

import katex from "katex";
import type { Api } from "../lib/api.server.ts";
import {
  parseMarkdown,
  renderMarkdownSync,
  renderParsed,
  type RenderedMarkdown,
  type RenderOptions,
} from "./render.ts";
import { englishMarkdownT, type MarkdownT } from "./translate.ts";

export type PageRenderOptions = Omit<RenderOptions, "math" | "mentions" | "profile">;

/** A page's render: the full profile with math, in the reader's language (English when absent). */
const fullProfile = (options: PageRenderOptions): RenderOptions => ({
  ...options,
  t: options.t ?? englishMarkdownT(),
  profile: "full",
  math: katex,
});

/**
 * The texts of one page (an issue's description and its comments), each with its own options: each
 * rendered in the full profile with math, their mentions resolved in one backend call for all of them.
 */
export async function renderEachForPage(
  api: Pick<Api, "resolveMentions">,
  texts: readonly { readonly text: string; readonly options?: PageRenderOptions }[],
): Promise<RenderedMarkdown[]> {
  const parsed = texts.map(({ text }) => parseMarkdown(text, "full"));
  const ids = new Set(parsed.flatMap((p) => p.refs.ids));
  const logins = new Set(parsed.flatMap((p) => p.refs.logins));
  const mentions =
    ids.size > 0 || logins.size > 0
      ? await api.resolveMentions({ ids: [...ids], logins: [...logins] })
      : undefined;
  return parsed.map((p, index) => renderParsed(p, { ...fullProfile(texts[index]!.options ?? {}), mentions }));
}

/** One text alone, as `renderEachForPage` renders it (the entry point of the Markdown tests and fuzzing). */
export async function renderForPage(
  api: Pick<Api, "resolveMentions">,
  text: string,
  options: PageRenderOptions = {},
): Promise<RenderedMarkdown> {
  const [rendered] = await renderEachForPage(api, [{ text, options }]);
  return rendered!;
}

/**
 * Banners and the user agreement: the restricted profile, which needs no backend. `t` is the request's
 * `getFixedT(null, "markdown")`, for the few texts the renderer adds (English when absent).
 */
export function renderRestricted(text: string, t?: MarkdownT): RenderedMarkdown {
  return renderMarkdownSync(text, { profile: "restricted", t: t ?? englishMarkdownT() });
}

/** A text that takes the renderer down each of its paths once: headings, raw HTML, math, code, a table. */
const WARM_UP_TEXT = [
  "# Warm-up",
  "Some *text* with a [link](https://example.com), `code` and $e^{i\\pi} + 1 = 0$.",
  "$$\\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}$$",
  "```ts\nconst answer: number = 42;\n```",
  "| a | b |\n| - | - |\n| 1 | 2 |",
  "- [ ] a task\n- [x] a done one",
  "<details><summary>More</summary>\n\nHidden <kbd>Ctrl</kbd>\n\n</details>",
].join("\n\n");

/**
 * Loads what the first page with Markdown would otherwise load while its reader waits (server/warm-up.ts):
 * DOMPurify's jsdom window (about 0.9 s and 90 MB on the 2-core machine) and KaTeX, and runs each path
 * of the renderer once. The server calls it once after start-up, when no request has come for a moment.
 */
export function warmUpMarkdown(): void {
  renderMarkdownSync(WARM_UP_TEXT, fullProfile({}));
  renderRestricted(WARM_UP_TEXT);
}
