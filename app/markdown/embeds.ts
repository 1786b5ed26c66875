// Which bare links become embedded frames (docs/markdown.md, Rules): a YouTube embed needs an 11-character
// video id; other embeds only for a fixed set of document, design, diagram and board services.
// A link becomes an embed only when it is written as a bare URL (or <URL>); a link with its own
// text, or any URL outside this list, stays a link.

import type { ParseKeys } from "i18next";

/** The key of a frame's accessible name in the markdown namespace. */
export type EmbedTitle = Extract<ParseKeys<"markdown">, `embed.${string}`>;

export interface Embed {
  /** The frame's address: always https, always on the service's own embedding host. */
  src: string;
  /** The frame's accessible name, translated by the renderer. */
  title: EmbedTitle;
  service: string;
}

/**
 * The embeddable services, for the Markdown reference page: a product's own name as is; descriptions
 * (`nameKey`, `exampleId`, `note`) and the kind are keys under the markdown namespace's `reference.embeds`.
 */
export const EMBEDDABLE_SERVICES = [
  {
    name: "YouTube",
    kind: "video",
    // The example ends in a described placeholder: "…?v=<11-character id>".
    example: "https://www.youtube.com/watch?v=",
    exampleId: "videoId",
    note: "youtubeNote",
  },
  {
    nameKey: "google",
    kind: "document",
    example: "https://docs.google.com/document/d/<id>/edit",
  },
  { name: "Figma", kind: "design", example: "https://www.figma.com/design/<key>/<name>" },
  { nameKey: "diagramsViewer", kind: "diagram", example: "https://viewer.diagrams.net/?…" },
  { name: "Lucidchart", kind: "diagram", example: "https://lucid.app/lucidchart/<id>/view" },
  { name: "Miro", kind: "board", example: "https://miro.com/app/board/<id>=/" },
] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const NOCOOKIE_HOSTS = new Set(["youtube-nocookie.com", "www.youtube-nocookie.com"]);

function parse(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** A start offset in seconds from `t=90`, `t=1m30s` or `start=90`. */
function startSeconds(url: URL): number | null {
  const raw = url.searchParams.get("t") ?? url.searchParams.get("start");
  if (!raw) return null;
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(raw);
  if (!match) return null;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 ? seconds : null;
}

export function youtubeVideoId(raw: string): string | null {
  const url = parse(raw);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (host === "youtu.be") id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === "watch") id = url.searchParams.get("v");
    else if (["embed", "shorts", "live", "v"].includes(segments[0] ?? "")) id = segments[1];
  } else if (NOCOOKIE_HOSTS.has(host) && segments[0] === "embed") id = segments[1];
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function youtubeEmbed(url: URL, raw: string): Embed | null {
  const id = youtubeVideoId(raw);
  if (!id) return null;
  const start = startSeconds(url);
  return {
    src: `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ""}`,
    title: "embed.youtube",
    service: "youtube",
  };
}

const GOOGLE_KINDS: Record<string, EmbedTitle> = {
  document: "embed.googleDocument",
  spreadsheets: "embed.googleSpreadsheet",
  presentation: "embed.googlePresentation",
  drawings: "embed.googleDrawing",
};
const DOCUMENT_ID = /^[A-Za-z0-9_-]{10,100}$/;

function googleEmbed(url: URL): Embed | null {
  if (url.hostname !== "docs.google.com") return null;
  const [kind, d, id] = url.pathname.split("/").filter(Boolean);
  const title = GOOGLE_KINDS[kind ?? ""];
  if (!title || d !== "d" || !id || !DOCUMENT_ID.test(id)) return null;
  return { src: `https://docs.google.com/${kind}/d/${id}/preview`, title, service: "google" };
}

function figmaEmbed(url: URL, raw: string): Embed | null {
  if (url.hostname !== "www.figma.com" && url.hostname !== "figma.com") return null;
  const [kind, key] = url.pathname.split("/").filter(Boolean);
  if (
    !["file", "design", "proto", "board", "slides"].includes(kind ?? "") ||
    !key ||
    !DOCUMENT_ID.test(key)
  ) {
    return null;
  }
  return {
    src: `https://www.figma.com/embed?embed_host=keel&url=${encodeURIComponent(raw)}`,
    title: "embed.figma",
    service: "figma",
  };
}

function diagramsEmbed(url: URL): Embed | null {
  if (url.hostname !== "viewer.diagrams.net") return null;
  return { src: url.href.replace(/^http:/, "https:"), title: "embed.diagrams", service: "diagrams" };
}

function lucidEmbed(url: URL): Embed | null {
  if (url.hostname !== "lucid.app") return null;
  const [product, id] = url.pathname.split("/").filter(Boolean);
  if (!["lucidchart", "lucidspark", "documents"].includes(product ?? "") || !id) return null;
  if (!/^[A-Za-z0-9-]{8,64}$/.test(id)) return null;
  return { src: `https://lucid.app/documents/embedded/${id}`, title: "embed.lucid", service: "lucid" };
}

function miroEmbed(url: URL): Embed | null {
  if (url.hostname !== "miro.com") return null;
  const match = /^\/app\/board\/([A-Za-z0-9_=-]{6,64})\/?$/.exec(url.pathname);
  if (!match) return null;
  return { src: `https://miro.com/app/live-embed/${match[1]}/`, title: "embed.miro", service: "miro" };
}

/** The embed a bare link becomes, or null when it stays a link. */
export function embedFor(raw: string): Embed | null {
  const url = parse(raw);
  if (!url) return null;
  return (
    youtubeEmbed(url, raw) ??
    googleEmbed(url) ??
    figmaEmbed(url, raw) ??
    diagramsEmbed(url) ??
    lucidEmbed(url) ??
    miroEmbed(url)
  );
}

/** True when `src` is a frame address that `embedFor` produces: the sanitiser lets only these frames through. */
export function isEmbedSource(src: string): boolean {
  const url = parse(src);
  if (!url || url.protocol !== "https:" || url.username || url.password || url.port) return false;
  const segments = url.pathname.split("/").filter(Boolean);
  switch (url.hostname) {
    case "www.youtube-nocookie.com":
      return segments.length === 2 && segments[0] === "embed" && YOUTUBE_ID.test(segments[1] ?? "");
    case "docs.google.com":
      return segments.length === 4 && segments[3] === "preview" && segments[0]! in GOOGLE_KINDS;
    case "www.figma.com":
      return url.pathname === "/embed";
    case "viewer.diagrams.net":
      return true;
    case "lucid.app":
      return segments[0] === "documents" && segments[1] === "embedded" && segments.length === 3;
    case "miro.com":
      return segments[0] === "app" && segments[1] === "live-embed" && segments.length === 3;
    default:
      return false;
  }
}
