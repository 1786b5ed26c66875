// CSRF protection of Keel's own actions, minting and checking (docs/decisions/0004-csrf.md): a page's
// token is an HMAC of the browser's random keel_csrf cookie and the session id.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readCookie } from "#contract/cookies.ts";
import { CSRF_COOKIE } from "./constants.ts";
import { cookieName, serializeCookie } from "./cookies.ts";

export const CSRF_FIELD = "csrf";
export const CSRF_HEADER = "x-csrf-token";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

export const isSafeMethod = (method: string) => SAFE_METHODS.has(method);

export interface CsrfGrant {
  token: string;
  /** Whether a request's token is this one, in constant time. */
  verify(token: string): boolean;
  setCookie: string | null;
}

/**
 * The token for this browser and session. Bound to both: another browser's pair, or an old session's,
 * fails. A browser without a well-formed cookie gets a new random one.
 */
export function mintCsrf(options: {
  cookieHeader: string | null | undefined;
  secure: boolean;
  secret: string;
  sessionId: string;
}): CsrfGrant {
  const existing = readCookie(options.cookieHeader, cookieName(CSRF_COOKIE, options.secure));
  const usable = existing !== undefined && COOKIE_VALUE.test(existing);
  const cookie = usable ? existing : randomBytes(32).toString("base64url");
  const token = createHmac("sha256", options.secret)
    .update(`csrf:${cookie}:${options.sessionId}`)
    .digest("base64url");
  const wanted = Buffer.from(token);
  return {
    token,
    verify(given) {
      const candidate = Buffer.from(given);
      return candidate.length === wanted.length && timingSafeEqual(candidate, wanted);
    },
    setCookie: usable
      ? null
      : serializeCookie(cookieName(CSRF_COOKIE, options.secure), cookie, { secure: options.secure }),
  };
}

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

/** The token a request carries: the header, else the form's `csrf` field (urlencoded or multipart). */
export async function csrfTokenOf(request: Request): Promise<string | null> {
  const header = request.headers.get(CSRF_HEADER);
  if (header) return header;
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded")) {
    // The server bounds the body before it gets here (server/body-limit.ts); a form is small.
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    const field = form?.get(CSRF_FIELD);
    return typeof field === "string" ? field : null;
  }
  if (type.startsWith("multipart/form-data")) return multipartToken(request, type);
  return null;
}
