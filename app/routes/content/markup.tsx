import { useEffect, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import katex from "katex";
import type { Route } from "./+types/markup";
import { CsrfInput } from "../../components/csrf-input.tsx";
import { getApi } from "../../middleware/api.server.ts";
import { MarkdownContent } from "../../markdown/markdown-content.tsx";
import { NO_MENTIONS, type ResolvedMentions } from "../../markdown/mentions.ts";
import { MARKDOWN_REFERENCE, MARKDOWN_SAMPLE, MAX_PREVIEW_LENGTH } from "../../markdown/reference.ts";
import {
  parseMarkdown,
  renderMarkdownSync,
  renderParsed,
  type RenderedMarkdown,
} from "../../markdown/render.ts";
import type { Api } from "../../lib/api.server.ts";

const PATH = "/markup";
/** Ids of this page's own elements, which headings in the rendered text must not take. */
const PAGE_IDS = ["try-it", "preview-heading", "markup-text"];

/** The server's preview: rendered with KaTeX and with every mention resolved in one call. */
async function preview(api: Api, text: string) {
  const parsed = parseMarkdown(text);
  const wanted = parsed.refs.ids.length > 0 || parsed.refs.logins.length > 0;
  const mentions: ResolvedMentions = wanted ? await api.resolveMentions(parsed.refs) : NO_MENTIONS;
  const rendered = renderParsed(parsed, { math: katex, mentions, basePath: PATH, reservedIds: PAGE_IDS });
  return { text, mentions, preview: rendered };
}

export async function loader({ context }: Route.LoaderArgs) {
  const reference = renderMarkdownSync(MARKDOWN_REFERENCE, {
    math: katex,
    basePath: PATH,
    reservedIds: PAGE_IDS,
  });
  return { reference, sample: await preview(getApi(context), MARKDOWN_SAMPLE) };
}

/** Renders the try-it text on the server: the preview without JavaScript, and with mentions resolved. */
export async function action({ context, request }: Route.ActionArgs) {
  const text = (await request.formData()).get("text");
  if (typeof text !== "string" || text.length > MAX_PREVIEW_LENGTH) {
    return data(
      {
        error: `Enter at most ${MAX_PREVIEW_LENGTH.toLocaleString("en")} characters of Markdown.`,
        result: null,
      },
      { status: 400 },
    );
  }
  return { error: null, result: await preview(getApi(context), text) };
}

export const meta: Route.MetaFunction = () => [{ title: "Markdown Reference · Keel" }];

const LIVE_PREVIEW_DELAY_MS = 150;

export default function Markup({ loaderData, actionData }: Route.ComponentProps) {
  const server = actionData?.result ?? loaderData.sample;
  const [text, setText] = useState(server.text);
  const [live, setLive] = useState<{ text: string; rendered: RenderedMarkdown } | null>(null);
  const navigation = useNavigation();

  // With JavaScript the preview follows the text as it is typed, rendered by the same module in the
  // browser; mentions resolved by the last server render are reused, KaTeX loads only when needed.
  useEffect(() => {
    if (text === server.text) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const math = text.includes("$") ? (await import("katex")).default : null;
      if (cancelled) return;
      const options = { math, mentions: server.mentions, basePath: PATH, reservedIds: PAGE_IDS };
      setLive({ text, rendered: renderMarkdownSync(text, options) });
    }, LIVE_PREVIEW_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [text, server]);

  const shown = text === server.text || !live ? server.preview : live.rendered;
  return (
    <section aria-labelledby="page-heading" className="markup-page">
      <h1 id="page-heading">Markdown Reference</h1>
      <MarkdownContent rendered={loaderData.reference} />
      <h2 id="try-it">Try it</h2>
      <Form method="post" className="markup-try">
        <CsrfInput />
        <p>
          <label htmlFor="markup-text">Markdown</label>
          <br />
          <textarea
            id="markup-text"
            name="text"
            rows={10}
            cols={80}
            maxLength={MAX_PREVIEW_LENGTH}
            defaultValue={server.text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        </p>
        {actionData?.error ? <p role="alert">{actionData.error}</p> : null}
        <p>
          <button type="submit" disabled={navigation.state === "submitting"}>
            Preview
          </button>
        </p>
      </Form>
      <h2 id="preview-heading">Preview</h2>
      <MarkdownContent rendered={shown} data-testid="markdown-preview" />
    </section>
  );
}
