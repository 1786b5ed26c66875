import type { Server } from "node:http";

/**
 * How long an idle keep-alive connection stays open. Longer than the idle timeouts of the clients and
 * balancers in front (HAProxy's `timeout http-keep-alive`, typical cloud balancers' 60 s), so the server
 * is never the side that closes a connection the other side is about to reuse: such a request would
 * fail with a reset instead of an answer.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
}
