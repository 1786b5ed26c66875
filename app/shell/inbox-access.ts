// Who sees the notifications and when a folder is unread: read by the page's first scripts (the root and
// the inbox's indicator) apart from the navigation's model, which loads with the left bar.
import type { CurrentUser, InboxFolder, PermissionEntry } from "#contract/api.ts";
import { PERMISSION } from "#contract/constants.ts";
import { hasPermission } from "#contract/permissions.ts";

export function isFolderUnread(folder: InboxFolder): boolean {
  return (folder.lastNotified || -1) > (folder.lastSeen || -1);
}

/** Signed in and allowed to read or create issues. */
export function canSeeNotifications(user: CurrentUser, permissions: readonly PermissionEntry[]): boolean {
  return (
    !user.guest &&
    (hasPermission(permissions, PERMISSION.READ_ISSUE) || hasPermission(permissions, PERMISSION.CREATE_ISSUE))
  );
}
