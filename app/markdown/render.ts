// The Markdown renderer: one module for the server (SSR) and the browser (live preview).
// Markdown → tokens (tokenizer.ts: marked with math and widget syntax, and a pass that finds
// mentions, colour chips, image sizes and task numbers) → HTML written final by the renderer
// (renderer.ts), top-level block by block, with only the author's raw HTML sanitised
// (sanitize-pipeline.ts). Each render carries its own context (render-context.ts): renders may run
// inside one another.

import type { MentionRefs, ResolvedMentions } from "./mentions.ts";
import {
  createRenderContext,
  type ParsedMarkdown,
  type RenderedMarkdown,
  type RenderOptions,
} from "./render-context.ts";
import { createParser } from "./renderer.ts";
import { assemblePieces, assembleSanitizedWhole, renderPieces, type Piece } from "./sanitize-pipeline.ts";
import { TASK_FORM_PREFIX } from "./sanitize.ts";
import { lex } from "./tokenizer.ts";

export type {
  Attachment,
  MarkdownProfile,
  ParsedMarkdown,
  RenderedMarkdown,
  RenderOptions,
} from "./render-context.ts";

/** Tokens of `text` and the mentions to resolve before rendering them. */
export function parseMarkdown(text: string, profile: ParsedMarkdown["profile"] = "full"): ParsedMarkdown {
  const { tokens, walked } = lex(text, profile);
  return {
    tokens,
    profile,
    refs: { ids: [...walked.refs.ids], logins: [...walked.refs.logins] },
    taskCount: walked.tasks.length,
  };
}

/** The checked state of every task of `text`, in document order: what task toggling checks against. */
export function taskStates(text: string): boolean[] {
  return lex(text, "full").walked.tasks.map(({ token }) => token.checked);
}

function renderWith(
  parsed: ParsedMarkdown,
  options: RenderOptions,
  assemble: (pieces: Piece[]) => string,
): RenderedMarkdown {
  const context = createRenderContext(parsed.profile, options);
  const html = assemble(renderPieces(context, createParser(context), parsed.tokens));
  return { html, hasMath: context.hasMath, hasMermaid: context.hasMermaid, taskCount: parsed.taskCount };
}

/** Safe HTML for parsed Markdown. */
export function renderParsed(parsed: ParsedMarkdown, options: RenderOptions = {}): RenderedMarkdown {
  return renderWith(parsed, options, assemblePieces);
}

/**
 * The same render with the whole HTML sanitised in one pass, as the renderer did before it wrote
 * its own markup final: slow, and what the tests hold `renderParsed` to.
 */
export function renderMarkdownSanitizedWhole(text: string, options: RenderOptions = {}): RenderedMarkdown {
  return renderWith(parseMarkdown(text, options.profile ?? "full"), options, assembleSanitizedWhole);
}

/** Parses and renders in one go, with mentions already resolved (or none). */
export function renderMarkdownSync(text: string, options: RenderOptions = {}): RenderedMarkdown {
  return renderParsed(parseMarkdown(text, options.profile ?? "full"), options);
}

/** Resolves the mentions of one render, in one call. */
export type MentionResolver = (refs: MentionRefs) => Promise<ResolvedMentions>;

/** Parses, resolves every mention with at most one call to `resolveMentions`, and renders. */
export async function renderMarkdown(
  text: string,
  options: RenderOptions & { resolveMentions?: MentionResolver } = {},
): Promise<RenderedMarkdown> {
  const { resolveMentions, ...rest } = options;
  const parsed = parseMarkdown(text, rest.profile ?? "full");
  const wanted = parsed.refs.ids.length > 0 || parsed.refs.logins.length > 0;
  const mentions = wanted && resolveMentions ? await resolveMentions(parsed.refs) : rest.mentions;
  return renderParsed(parsed, { ...rest, mentions });
}

/** The task form's id for an entity (the sanitiser keeps only buttons that submit to such a form). */
export function taskFormId(entityId: string): string {
  return `${TASK_FORM_PREFIX}${entityId.replace(/[^A-Za-z0-9_-]/g, "")}`;
}
