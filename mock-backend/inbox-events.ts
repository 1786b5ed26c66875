// Inbox changes pushed to open tabs over Server-Sent Events (issue 4, "go beyond polling"). One hub per
// process: every write to a user's inbox publishes, and each open stream of that user sends the folders.
import { EventEmitter } from "node:events";
import type { Response } from "express";

const hub = new EventEmitter();
hub.setMaxListeners(0);
const streams = new Set<Response>();

export function publishInboxChange(userId: string): void {
  hub.emit("change", userId);
}

export function onInboxChange(listener: (userId: string) => void): () => void {
  hub.on("change", listener);
  return () => hub.off("change", listener);
}

export function trackStream(res: Response): () => void {
  streams.add(res);
  return () => streams.delete(res);
}

/** Ends every open stream, so a shutting-down server is not held open by them. */
export function closeInboxStreams(): void {
  for (const res of streams) res.end();
  streams.clear();
}

/** How often the server pings: a third of the timeout it reports, so two pings may be lost. */
export function pingIntervalFor(pingTimeoutMs: number): number {
  return Math.max(1_000, Math.floor(pingTimeoutMs / 3));
}

/** One SSE message; data lines are JSON, so they never contain a raw newline. */
export function sseMessage(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
