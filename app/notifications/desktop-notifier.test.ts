import { expect, test } from "vitest";
import { DEFAULT_NOTIFICATION_KINDS, type PushMessage } from "#contract/notification-kinds.ts";
import { createDesktopNotifier, type NotifierThread } from "./desktop-notifier.ts";

const thread = (id: string, updated: number, extra: Partial<NotifierThread> = {}): NotifierThread => ({
  id,
  type: "mention",
  folder: { id: "direct" },
  subject: `Subject ${id}`,
  issue: { idReadable: "DEMO-7" },
  messages: [{ author: { name: "Ada Admin" }, text: `About ${id}` }],
  updated,
  unread: true,
  muted: false,
  ...extra,
});

function setUp(threads: NotifierThread[], kinds = DEFAULT_NOTIFICATION_KINDS) {
  const shown: PushMessage[] = [];
  let hidden = true;
  const notifier = createDesktopNotifier({
    kinds,
    hidden: () => hidden,
    fetchThreads: async (folder) => threads.filter((t) => t.folder.id === folder),
    show: (message) => shown.push(message),
    whatsNew: () => ({
      title: "What's new",
      body: "",
      url: "/notifications?folder=whatsnew",
      tag: "whatsnew",
      kind: "whatsnew",
    }),
  });
  return { notifier, shown, setHidden: (next: boolean) => (hidden = next) };
}

test("a thread newer than the folder's last report is shown while the tab is hidden, once, tagged by thread", async () => {
  const { notifier, shown } = setUp([thread("a", 200), thread("old", 100)]);
  await notifier.onFolders([{ id: "direct", lastNotified: 100 }]);
  expect(shown).toEqual([]);
  await notifier.onFolders([{ id: "direct", lastNotified: 200 }]);
  expect(shown).toEqual([
    {
      title: "Subject a",
      body: "Ada Admin: About a",
      url: "/issue/DEMO-7",
      tag: "thread-a",
      kind: "mention",
    },
  ]);
  await notifier.onFolders([{ id: "direct", lastNotified: 200 }]);
  expect(shown).toHaveLength(1);
});

test("nothing is shown while the tab is visible, and what arrived then is not shown later", async () => {
  const { notifier, shown, setHidden } = setUp([thread("a", 200)]);
  await notifier.onFolders([{ id: "direct", lastNotified: 100 }]);
  setHidden(false);
  await notifier.onFolders([{ id: "direct", lastNotified: 200 }]);
  setHidden(true);
  await notifier.onFolders([{ id: "direct", lastNotified: 200 }]);
  expect(shown).toEqual([]);
});

test("kinds turned off, read and muted threads are left out", async () => {
  const threads = [
    thread("mention", 200),
    thread("reaction", 200, { type: "reaction" }),
    thread("read", 200, { unread: false }),
    thread("muted", 200, { muted: true }),
    thread("watch", 200, { type: "subscription", folder: { id: "subscription" } }),
  ];
  const { notifier, shown } = setUp(threads, {
    ...DEFAULT_NOTIFICATION_KINDS,
    mention: false,
    subscription: false,
  });
  const before = [
    { id: "direct", lastNotified: 100 },
    { id: "subscription", lastNotified: 100 },
    { id: "whatsnew", lastNotified: 100 },
  ];
  await notifier.onFolders(before);
  await notifier.onFolders(before.map((f) => ({ ...f, lastNotified: 200 })));
  expect(shown.map((m) => m.tag)).toEqual(["thread-reaction", "whatsnew"]);
});

test("a message's Markdown shows as its text, without the marks", async () => {
  const marked = thread("md", 200, {
    messages: [{ author: { name: "Ada Admin" }, text: "**Done** in [DEMO-7](/issue/DEMO-7):\n\n- `fix`" }],
  });
  const { notifier, shown } = setUp([marked]);
  await notifier.onFolders([{ id: "direct", lastNotified: 100 }]);
  await notifier.onFolders([{ id: "direct", lastNotified: 200 }]);
  expect(shown.map((message) => message.body)).toEqual(["Ada Admin: Done in DEMO-7: fix"]);
});
