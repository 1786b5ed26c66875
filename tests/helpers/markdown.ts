// The renderer's entry points for unit tests: in English unless a test passes a translate function,
// as the server's wrappers (app/markdown/render.server.ts) render.
import * as render from "#app/markdown/render.ts";
import { englishMarkdownT } from "#app/markdown/translate.ts";

type Options = render.RenderOptions;

const inEnglish = <T extends Options>(options: T): T => ({
  ...options,
  t: options.t ?? englishMarkdownT(),
});

export const renderMarkdownSync = (text: string, options: Options = {}) =>
  render.renderMarkdownSync(text, inEnglish(options));

export const renderMarkdownSanitizedWhole = (text: string, options: Options = {}) =>
  render.renderMarkdownSanitizedWhole(text, inEnglish(options));

export const renderMarkdown = (text: string, options: Parameters<typeof render.renderMarkdown>[1] = {}) =>
  render.renderMarkdown(text, inEnglish(options));
