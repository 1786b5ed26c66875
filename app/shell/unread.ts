import type { InboxFolder } from "../../mock-backend/contract.ts";

/** A folder is unread when lastNotified > lastSeen; a missing or zero value counts as -1. */
export function isFolderUnread(folder: Pick<InboxFolder, "lastNotified" | "lastSeen">): boolean {
  return (folder.lastNotified || -1) > (folder.lastSeen || -1);
}
