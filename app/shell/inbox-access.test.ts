import { expect, test } from "vitest";
import type { InboxFolder } from "#contract/api.ts";
import { isFolderUnread } from "./inbox-access.ts";

const folder = (lastNotified: number | null, lastSeen: number | null): InboxFolder => ({
  id: "direct",
  lastNotified,
  lastSeen,
});

test.each([
  [10, 5, true],
  [5, 10, false],
  [5, 5, false],
  [5, null, true],
  [5, 0, true],
  [null, null, false],
  [0, 0, false],
  [0, null, false],
  [null, 5, false],
])("a folder notified at %j and seen at %j is unread: %j", (lastNotified, lastSeen, unread) => {
  expect(isFolderUnread(folder(lastNotified, lastSeen))).toBe(unread);
});
