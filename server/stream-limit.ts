import type { RequestHandler } from "express";

/** Event streams one Keel process holds at once by default. */
export const DEFAULT_MAX_EVENT_STREAMS = 5000;

/** The inbox's event stream, matched as loosely as the routes that serve it (any case, a trailing slash). */
export const EVENT_STREAM_PATH = /^\/api\/inbox\/events\/?$/i;

/** The reconnection delay a refused stream is asked to wait, in seconds. */
const RETRY_AFTER_S = 30;

/**
 * An event stream stays open for as long as its tab, on a socket of its own (and one more to a backend it
 * is relayed from): the process holds at most `max` of them, so they cannot use up its file descriptors
 * and leave none for pages. One more is answered 503; the tab polls instead and tries again later.
 */
export function limitEventStreams(max: number): RequestHandler {
  let open = 0;
  return (req, res, next) => {
    if (req.method !== "GET" || !EVENT_STREAM_PATH.test(req.path)) return next();
    if (open >= max) {
      res.status(503).set("Retry-After", String(RETRY_AFTER_S)).json({
        error: "too_many_streams",
        error_description: "This server holds as many event streams as it may; try again later",
      });
      return;
    }
    open += 1;
    res.once("close", () => {
      open -= 1;
    });
    next();
  };
}
