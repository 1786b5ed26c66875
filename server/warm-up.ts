// The warm-up after start-up. Some of what a page needs loads on its first use: the Markdown renderer's
// DOMPurify builds a jsdom window as it loads (about 0.9 s of one core and 90 MB), which would hold the
// first issue or article after every start for as long, and every other request with it. Loading it
// before listening would add that to every start-up (decision 0032). Instead the server runs the
// build's warm-up once, when no request has come for `quietMs`: between a balancer's health checks, or
// before the first person arrives. A server kept busy from its start never gets such a moment, and
// loads it as before, on the first page that needs it.
import type { Server } from "node:http";
import type { Logger } from "pino";

export interface WarmUpOptions {
  /** How long the server must have had no new request. */
  quietMs: number;
  logger: Logger;
}

/** Runs `warmUp` once, at the first moment the server has had no new request for `quietMs`. */
export function warmUpWhenQuiet(server: Server, warmUp: () => void, { quietMs, logger }: WarmUpOptions) {
  let lastRequestAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const onRequest = () => {
    lastRequestAt = performance.now();
  };
  const stop = () => {
    clearTimeout(timer);
    server.off("request", onRequest);
    server.off("close", stop);
  };
  const check = () => {
    const quietFor = performance.now() - lastRequestAt;
    if (quietFor < quietMs) {
      timer = setTimeout(check, quietMs - quietFor).unref();
      return;
    }
    stop();
    const startedAt = performance.now();
    try {
      warmUp();
      logger.info({ ms: Math.round(performance.now() - startedAt) }, "warmed up the Markdown renderer");
    } catch (error) {
      // The first page with Markdown loads it instead, and shows the same error if there is one.
      logger.warn({ err: error }, "the warm-up failed");
    }
  };
  server.on("request", onRequest);
  server.on("close", stop);
  timer = setTimeout(check, quietMs).unref();
  return stop;
}
