import { Transform, type TransformCallback } from "node:stream";

/** A head longer than this is passed on as it is (React writes the whole head in its first burst). */
const MAX_HEAD_BYTES = 256 * 1024;
const HEAD_END = "</head>";
/**
 * React writes the tag with `rel` first and `href` second, and escapes `>` in attribute values: the first
 * scripts' module preloads, and the language's translations file (app/root.tsx), read with `fetch`.
 */
const PRELOAD = /<link rel="(modulepreload|preload)" href="([^"]*)"[^>]*>/g;
/** The build's own files: nothing in them needs escaping in HTML or in a script. */
const ASSET_PATH = /^\/[\w\-./]+\.js$/;
const FETCHED_ASSET_PATH = /^\/[\w\-./]+\.json$/;
const NONCE = / nonce="([^"]*)"/;

/**
 * Links the head's script adds in one task: each costs the main thread a request's set-up (about 6 ms on a
 * phone-speed CPU), and a task of all of a page's thirty-odd would block it for 200 ms.
 */
const LINKS_PER_TASK = 5;

/**
 * The head's script, in place of the preload links: asks for the same files once the page has painted (the
 * first frame's callback runs before that paint, its timers after it), a few links per task.
 */
function preloadAfterPaint(hrefs: readonly string[], nonce: string | undefined): string {
  const attribute = nonce ? ` nonce="${nonce}"` : "";
  return (
    `<script${attribute}>requestAnimationFrame(function(){var h=${JSON.stringify(hrefs)},i=0;` +
    `setTimeout(function n(){h.slice(i,i+=${LINKS_PER_TASK}).forEach(function(f){` +
    `var l=document.createElement("link");if(/\\.json$/.test(f)){l.rel="preload";l.as="fetch";` +
    `l.crossOrigin="anonymous"}else l.rel="modulepreload";l.href=f;document.head.appendChild(l)});` +
    `if(h.length>i)setTimeout(n)})})</script>`
  );
}

/**
 * The head with its module preloads and its translations file asked for after the first paint; anything
 * else is left as it is.
 */
export function deferModulePreloads(head: string): string {
  const hrefs: string[] = [];
  let nonce: string | undefined;
  const without = head.replace(PRELOAD, (link, rel: string, href: string) => {
    const moved =
      rel === "modulepreload"
        ? ASSET_PATH.test(href)
        : FETCHED_ASSET_PATH.test(href) &&
          link.includes(' as="fetch"') &&
          link.includes(' crossorigin="anonymous"');
    if (!moved) return link;
    hrefs.push(href);
    nonce ??= NONCE.exec(link)?.[1];
    return "";
  });
  if (hrefs.length === 0) return head;
  const end = without.lastIndexOf(HEAD_END);
  return `${without.slice(0, end)}${preloadAfterPaint(hrefs, nonce)}${without.slice(end)}`;
}

/**
 * Moves the `modulepreload` links that React Router's `<Scripts>` puts in the head to after the first
 * paint. With them in the head the browser loads every first script while it parses the page (on a slow
 * network beside the page's styles), and the scripts run and hydrate before the page first paints
 * (docs/decisions/0024-module-preloads-after-the-first-paint.md). The rest of the page passes as it is.
 */
export class PreloadsAfterPaint extends Transform {
  #held: Buffer[] = [];
  #heldBytes = 0;
  #done = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.#done) {
      callback(null, chunk);
      return;
    }
    this.#held.push(chunk);
    this.#heldBytes += chunk.byteLength;
    const held = Buffer.concat(this.#held, this.#heldBytes);
    const end = held.indexOf(HEAD_END);
    if (end >= 0) {
      const headEnd = end + HEAD_END.length;
      const head = deferModulePreloads(held.subarray(0, headEnd).toString("utf8"));
      this.#release(Buffer.concat([Buffer.from(head, "utf8"), held.subarray(headEnd)]));
    } else if (this.#heldBytes > MAX_HEAD_BYTES) {
      this.#release(held);
    } else {
      this.#held = [held];
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (!this.#done && this.#heldBytes > 0) this.#release(Buffer.concat(this.#held, this.#heldBytes));
    callback();
  }

  #release(bytes: Buffer): void {
    this.#done = true;
    this.#held = [];
    this.#heldBytes = 0;
    this.push(bytes);
  }
}
