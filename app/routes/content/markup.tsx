import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import katex from "katex";
import type { Route } from "./+types/markup";
import { CsrfInput } from "#app/components/csrf-input.tsx";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n, getLanguage } from "#app/middleware/i18next.server.ts";
import { LANGUAGE_LOCALES } from "#app/i18n/languages.ts";
import { MarkdownContent } from "#app/markdown/markdown-content.tsx";
import { NO_MENTIONS, type ResolvedMentions } from "#app/markdown/mentions.ts";
import { markdownReference, markdownSample, MAX_PREVIEW_LENGTH } from "#app/markdown/reference.ts";
import type { MarkdownT } from "#app/markdown/translate.ts";
import {
  parseMarkdown,
  renderMarkdownSync,
  renderParsed,
  type RenderedMarkdown,
} from "#app/markdown/render.ts";
import type { Api } from "#app/lib/api.server.ts";

const PATH = "/markup";
/** Ids of this page's own elements, which headings in the rendered text must not take. */
const PAGE_IDS = ["try-it", "preview-heading", "markup-text"];

async function preview(api: Api, text: string, md: MarkdownT) {
  const parsed = parseMarkdown(text);
  const wanted = parsed.refs.ids.length > 0 || parsed.refs.logins.length > 0;
  const mentions: ResolvedMentions = wanted ? await api.resolveMentions(parsed.refs) : NO_MENTIONS;
  const rendered = renderParsed(parsed, {
    math: katex,
    mentions,
    basePath: PATH,
    reservedIds: PAGE_IDS,
    t: md,
  });
  return { text, mentions, preview: rendered };
}

export async function loader({ context }: Route.LoaderArgs) {
  const md = getI18n(context).getFixedT(null, "markdown");
  const reference = renderMarkdownSync(markdownReference(md), {
    math: katex,
    basePath: PATH,
    reservedIds: PAGE_IDS,
    t: md,
  });
  const t = getI18n(context).getFixedT(null, "pages");
  return {
    reference,
    sample: await preview(getApi(context), markdownSample(md), md),
    title: t("titles.markdownReference"),
  };
}

/** Renders the try-it text on the server: the preview without JavaScript, and with mentions resolved. */
export async function action({ context, request }: Route.ActionArgs) {
  const text = (await request.formData()).get("text");
  if (typeof text !== "string" || text.length > MAX_PREVIEW_LENGTH) {
    const t = getI18n(context).getFixedT(null, "pages");
    const max = MAX_PREVIEW_LENGTH.toLocaleString(LANGUAGE_LOCALES[getLanguage(context)]);
    return data(
      { error: t("markup.tooLong", { count: MAX_PREVIEW_LENGTH, max }), result: null },
      { status: 400 },
    );
  }
  return {
    error: null,
    result: await preview(getApi(context), text, getI18n(context).getFixedT(null, "markdown")),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

const LIVE_PREVIEW_DELAY_MS = 150;

export default function Markup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { t: md } = useTranslation("markdown");
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
      const options = { math, mentions: server.mentions, basePath: PATH, reservedIds: PAGE_IDS, t: md };
      setLive({ text, rendered: renderMarkdownSync(text, options) });
    }, LIVE_PREVIEW_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [text, server, md]);

  const shown = text === server.text || !live ? server.preview : live.rendered;
  return (
    <section aria-labelledby="page-heading" className="markup-page">
      <h1 id="page-heading">{loaderData.title}</h1>
      <MarkdownContent rendered={loaderData.reference} />
      <h2 id="try-it">{t("markup.tryIt")}</h2>
      <Form method="post" className="markup-try">
        <CsrfInput />
        <p>
          <label htmlFor="markup-text">{t("markup.text")}</label>
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
            {t("markup.preview")}
          </button>
        </p>
      </Form>
      <h2 id="preview-heading">{t("markup.previewHeading")}</h2>
      <MarkdownContent rendered={shown} data-testid="markdown-preview" />
    </section>
  );
}
