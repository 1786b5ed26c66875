// The DOMPurify instance the Markdown pipeline sanitises with. In the browser, the page's own
// (purify.client.ts). On the server, isomorphic-dompurify builds a jsdom window when it is loaded, most
// of the server's start-up (docs/benchmarks.md, Measured choices): it is loaded on the first render
// that needs it, with require so that the renderer stays synchronous. The server's warm-up makes that
// render at its first quiet moment after start-up (server/warm-up.ts, decision 0032).
import type DOMPurifyInstance from "isomorphic-dompurify";
import { browserPurify } from "./purify.client.ts";

type Purify = typeof DOMPurifyInstance;

let serverPurify: Purify | undefined;

export function purifier(): Purify {
  if (browserPurify) return browserPurify;
  if (!serverPurify) {
    const { createRequire } = process.getBuiltinModule("node:module");
    const loaded = createRequire(import.meta.url)("isomorphic-dompurify") as { default: Purify };
    serverPurify = loaded.default;
  }
  return serverPurify;
}

/** Whether the server has loaded its DOMPurify yet (for the start-up test). */
export function serverPurifierLoaded(): boolean {
  return serverPurify !== undefined;
}
