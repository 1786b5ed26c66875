// Mentions of tickets, articles and users, and hex colour chips, found in the plain text of rendered
// Markdown (never inside code, links or raw HTML). Mentions are collected while parsing and resolved
// afterwards in one batched backend call per render.

/** At most this many distinct ids and logins are resolved per render; the rest stay text. */
export const MAX_MENTIONS = 100;

export interface MentionRefs {
  /** Readable ids such as DEMO-1 (a ticket) or DEMO-A-1 (an article). */
  ids: string[];
  logins: string[];
}

export interface ResolvedMentions {
  issues: { id: string; idReadable: string; summary: string; resolved: number | null }[];
  articles: { id: string; idReadable: string; summary: string }[];
  users: { id: string; login: string; name: string; profileUrl: string }[];
}

export const NO_MENTIONS: ResolvedMentions = { issues: [], articles: [], users: [] };

export type Segment =
  | { kind: "text"; text: string }
  | { kind: "entity"; text: string; id: string }
  | { kind: "user"; text: string; login: string }
  | { kind: "colour"; text: string; hex: string };

// A readable id: project short name, an optional second part (articles), a number. Only at the start of
// a word, so that parts of longer words are not taken for ids.
const ENTITY = String.raw`(?<![\p{L}\p{N}_-])([A-Za-z][A-Za-z0-9_]{0,29}(?:-[A-Za-z][A-Za-z0-9_]{0,29})?-\d{1,9})(?![\p{L}\p{N}_]|-[\p{L}\p{N}])`;
// @login after whitespace or punctuation, not inside an e-mail address or a path; never ending in . or -.
const USER = String.raw`(?<![\p{L}\p{N}_.@/+-])@([A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,98}[A-Za-z0-9_])?)`;
// 6 or 8 hex digits after whitespace or punctuation.
const COLOUR = String.raw`(?<![^\s\p{P}])(#(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{6}))(?![\p{L}\p{N}_])`;

const WITH_MENTIONS = new RegExp(`${ENTITY}|${USER}|${COLOUR}`, "gu");
const COLOURS_ONLY = new RegExp(COLOUR, "gu");

/** `text` cut into plain text, mentions and colours; a single text segment when there is nothing to mark. */
export function splitText(text: string, mentions: boolean): Segment[] {
  const pattern = mentions ? WITH_MENTIONS : COLOURS_ONLY;
  // Cheap pre-checks: most text has no digit after a dash, no @ and no #.
  if (!/[-@#]/.test(text)) return [{ kind: "text", text }];
  const segments: Segment[] = [];
  let last = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) segments.push({ kind: "text", text: text.slice(last, match.index) });
    const [whole] = match;
    if (mentions && match[1] !== undefined) segments.push({ kind: "entity", text: whole, id: match[1] });
    else if (mentions && match[2] !== undefined)
      segments.push({ kind: "user", text: whole, login: match[2] });
    else segments.push({ kind: "colour", text: whole, hex: match[mentions ? 3 : 1]! });
    last = match.index + whole.length;
  }
  if (last < text.length) segments.push({ kind: "text", text: text.slice(last) });
  return segments.length > 0 ? segments : [{ kind: "text", text }];
}

/** Adds the mentions of `segments` to `refs`, up to MAX_MENTIONS of each kind. */
export function collectRefs(segments: readonly Segment[], refs: { ids: Set<string>; logins: Set<string> }) {
  for (const segment of segments) {
    if (segment.kind === "entity" && refs.ids.size < MAX_MENTIONS) refs.ids.add(segment.id);
    else if (segment.kind === "user" && refs.logins.size < MAX_MENTIONS) refs.logins.add(segment.login);
  }
}
