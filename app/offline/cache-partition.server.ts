import { createHash } from "node:crypto";

/** A hash of the user's id, so neither the id nor the session shows in the browser's cache names. */
export function cachePartitionOf(userId: string): string {
  return createHash("sha256").update(`keel-cache-partition:${userId}`).digest("hex").slice(0, 32);
}
