import { createHash } from "node:crypto";

/**
 * The name of a user's part of the service worker's cache: a hash of the user's id, so that neither the id
 * nor anything of the session shows in the browser's cache names.
 */
export function cachePartitionOf(userId: string): string {
  return createHash("sha256").update(`keel-cache-partition:${userId}`).digest("hex").slice(0, 32);
}
