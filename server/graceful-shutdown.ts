// SIGTERM and SIGINT stop a server without failing a request: it stops being ready (/readyz answers
// 503), waits SHUTDOWN_DRAIN_MS for the load balancer to notice and send new requests elsewhere, ends
// its event streams with a retry hint (browsers reconnect to another server with their Last-Event-ID),
// lets in-flight requests finish and exits.
import type { Server } from "node:http";
import type { Logger } from "pino";

/** The longest in-flight requests may take after the drain; then their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface ShutdownSteps {
  server: Server;
  logger: Logger;
  drainMs: number;
  /** Makes /readyz answer 503. */
  beginShutdown(): void;
  closeStreams(): void;
  /** Runs after the last connection closed (database disconnects). */
  onClosed?(): Promise<void>;
}

export function shutDownGracefully(steps: ShutdownSteps): () => void {
  let shuttingDown = false;
  return () => {
    if (shuttingDown) return;
    shuttingDown = true;
    const { server, logger } = steps;
    logger.info({ drainMs: steps.drainMs }, "shutting down: not ready, draining");
    steps.beginShutdown();
    setTimeout(() => {
      logger.info("closing event streams and finishing in-flight requests");
      steps.closeStreams();
      setTimeout(() => {
        logger.warn("in-flight requests did not finish in time; closing connections");
        server.closeAllConnections();
        process.exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
      server.close(async () => {
        await steps.onClosed?.();
        logger.info("stopped");
        process.exit(0);
      });
      // Keep-alive connections become idle once their last response is out; close them as they do.
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 100).unref();
    }, steps.drainMs);
  };
}

export function onStopSignals(stop: () => void): void {
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
