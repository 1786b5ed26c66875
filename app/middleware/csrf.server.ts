import { data, type MiddlewareFunction } from "react-router";
import { getKeelContext } from "../lib/keel-context.ts";
import { getI18n } from "./i18next.server.ts";

export const CSRF_FIELD = "csrf";
export const CSRF_HEADER = "x-csrf-token";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Keel's forms carry the token as their first field, so a multipart body (an upload, up to megabytes) is
 * searched for it only this far: the check never reads, or holds a copy of, the file.
 */
export const MULTIPART_TOKEN_WINDOW = 16 * 1024;

/** The first `limit` bytes of the body, read from a copy; the request keeps its own. */
async function bodyPrefix(request: Request, limit: number): Promise<Uint8Array> {
  const reader = request.clone().body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done || !value) break;
    chunks.push(value);
    size += value.length;
  }
  void reader.cancel().catch(() => undefined);
  const prefix = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    prefix.set(chunk, offset);
    offset += chunk.length;
  }
  return prefix.subarray(0, limit);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The `csrf` field of a multipart body, if it is a complete part within the window. */
async function multipartToken(request: Request, type: string): Promise<string | null> {
  const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(type);
  const delimiter = `--${boundary?.[1] ?? boundary?.[2] ?? ""}`;
  if (delimiter === "--") return null;
  const text = new TextDecoder("latin1").decode(await bodyPrefix(request, MULTIPART_TOKEN_WINDOW));
  const part = new RegExp(
    `(?:^|\r\n)${escapeRegExp(delimiter)}\r\n((?:[^\r\n]+\r\n)*?)\r\n([^\r\n]*)(?=\r\n${escapeRegExp(delimiter)})`,
    "g",
  );
  for (const match of text.matchAll(part)) {
    const headers = match[1] ?? "";
    if (/^content-disposition:\s*form-data;\s*name="csrf"\s*\r\n/im.test(headers)) return match[2] ?? null;
  }
  return null;
}

/**
 * Runs after the language middleware, so the refusal is in the reader's language.
 * Refuses every state-changing request to the app that does not carry the
 * token bound to this browser's CSRF cookie, as a form field or a header.
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  const keel = getKeelContext(context);
  let token = request.headers.get(CSRF_HEADER);
  const type = request.headers.get("content-type") ?? "";
  if (!token && type.startsWith("application/x-www-form-urlencoded")) {
    // The server bounds the body before it gets here (server/body-limit.ts); a form is small.
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    const field = form?.get(CSRF_FIELD);
    token = typeof field === "string" ? field : null;
  } else if (!token && type.startsWith("multipart/form-data")) {
    token = await multipartToken(request, type);
  }
  if (!token || !keel.verifyCsrf(token)) {
    keel.log.warn({ method: request.method }, "request refused: missing or invalid CSRF token");
    throw data(
      { message: getI18n(context).t("errors:csrfRefused") },
      { status: 403, statusText: "Forbidden" },
    );
  }
  return next();
};
