import { expect, test } from "vitest";
import { clickTarget, parsePushMessage, sameOriginUrl } from "./push-policy.ts";

const ORIGIN = "https://keel.test";
const push = (fields: Record<string, unknown>) =>
  JSON.stringify({
    title: "Mentioned",
    body: "Ada: hi",
    url: "/issue/DEMO-1",
    tag: "thread-t1",
    kind: "mention",
    ...fields,
  });

test("a push from the backend is shown with its title, body, tag and the thread's address on Keel's origin", () => {
  expect(parsePushMessage(push({}), ORIGIN)).toEqual({
    title: "Mentioned",
    body: "Ada: hi",
    url: "https://keel.test/issue/DEMO-1",
    tag: "thread-t1",
    kind: "mention",
  });
});

test("a push that would lead elsewhere, or is not Keel's, is not shown", () => {
  for (const url of [
    "https://evil.example/x",
    "//evil.example/x",
    "javascript:alert(1)",
    "issue/DEMO-1",
    7,
  ]) {
    expect(parsePushMessage(push({ url }), ORIGIN), String(url)).toBeNull();
  }
  expect(parsePushMessage(push({ kind: "other" }), ORIGIN)).toBeNull();
  expect(parsePushMessage(push({ title: " " }), ORIGIN)).toBeNull();
  expect(parsePushMessage("not json", ORIGIN)).toBeNull();
  expect(parsePushMessage(null, ORIGIN)).toBeNull();
});

test("an odd tag falls back to the kind, so notifications still group", () => {
  expect(parsePushMessage(push({ tag: "<b>" }), ORIGIN)?.tag).toBe("mention");
});

test("a click opens the notification's own address only on Keel's origin, else the inbox", () => {
  expect(clickTarget({ url: "https://keel.test/issue/DEMO-1" }, ORIGIN)).toBe(
    "https://keel.test/issue/DEMO-1",
  );
  expect(clickTarget({ url: "https://evil.example/" }, ORIGIN)).toBe("https://keel.test/notifications");
  expect(clickTarget({ url: "nonsense" }, ORIGIN)).toBe("https://keel.test/notifications");
  expect(clickTarget(null, ORIGIN)).toBe("https://keel.test/notifications");
  expect(sameOriginUrl("/notifications?folder=direct", ORIGIN)).toBe(
    "https://keel.test/notifications?folder=direct",
  );
});
