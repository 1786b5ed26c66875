import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { type ClipboardWriter, copyToClipboard } from "./clipboard.ts";
import { CLIPBOARD_NOTIFICATION_MS } from "./constants.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A notifier like the shell's: shows one message and hides it after the given duration. */
function fakeNotifier() {
  const state = { visible: null as string | null, shown: [] as [string, number, string][] };
  const notify = (message: string, durationMs: number, outcome: string) => {
    state.visible = message;
    state.shown.push([message, durationMs, outcome]);
    setTimeout(() => {
      if (state.visible === message) state.visible = null;
    }, durationMs);
  };
  return { state, notify };
}

function fakeClipboard(failure?: unknown): ClipboardWriter & { written: string[] } {
  const written: string[] = [];
  return {
    written,
    writeText: async (text) => {
      if (failure !== undefined) throw failure;
      written.push(text);
    },
  };
}

const MESSAGES = { success: "Link copied", error: "Could not copy the link" };

test("a successful copy writes the text and shows the success message for 1000 ms", async () => {
  const { state, notify } = fakeNotifier();
  const clipboard = fakeClipboard();
  const log = vi.fn();
  await expect(copyToClipboard("KEEL-42", { ...MESSAGES, notify, clipboard, log })).resolves.toBe(true);
  expect(clipboard.written).toEqual(["KEEL-42"]);
  expect(state.shown).toEqual([["Link copied", 1000, "success"]]);
  vi.advanceTimersByTime(CLIPBOARD_NOTIFICATION_MS - 1);
  expect(state.visible).toBe("Link copied");
  vi.advanceTimersByTime(1);
  expect(state.visible).toBeNull();
  expect(log).not.toHaveBeenCalled();
});

test("a rejected copy shows the error message for 1000 ms and logs the rejection", async () => {
  const { state, notify } = fakeNotifier();
  const failure = new DOMException("Write permission denied.", "NotAllowedError");
  const log = vi.fn();
  await expect(
    copyToClipboard("KEEL-42", { ...MESSAGES, notify, clipboard: fakeClipboard(failure), log }),
  ).resolves.toBe(false);
  expect(state.shown).toEqual([["Could not copy the link", 1000, "error"]]);
  expect(log).toHaveBeenCalledExactlyOnceWith(failure);
  vi.advanceTimersByTime(999);
  expect(state.visible).toBe("Could not copy the link");
  vi.advanceTimersByTime(1);
  expect(state.visible).toBeNull();
});

test("the notification duration can be overridden", async () => {
  const { state, notify } = fakeNotifier();
  await copyToClipboard("x", { ...MESSAGES, notify, clipboard: fakeClipboard(), durationMs: 3000 });
  expect(state.shown).toEqual([["Link copied", 3000, "success"]]);
  vi.advanceTimersByTime(2999);
  expect(state.visible).toBe("Link copied");
  vi.advanceTimersByTime(1);
  expect(state.visible).toBeNull();
});

test("a clipboard that throws synchronously counts as a failed copy", async () => {
  const notify = vi.fn();
  const log = vi.fn();
  const failure = new TypeError("Illegal invocation");
  const clipboard: ClipboardWriter = {
    writeText: () => {
      throw failure;
    },
  };
  await expect(copyToClipboard("x", { ...MESSAGES, notify, clipboard, log })).resolves.toBe(false);
  expect(log).toHaveBeenCalledExactlyOnceWith(failure);
  expect(notify).toHaveBeenCalledExactlyOnceWith("Could not copy the link", 1000, "error");
});

test("without a clipboard (no navigator.clipboard outside secure contexts) the copy fails and is logged", async () => {
  vi.stubGlobal("navigator", {});
  try {
    const notify = vi.fn();
    const log = vi.fn();
    await expect(copyToClipboard("x", { ...MESSAGES, notify, log })).resolves.toBe(false);
    expect(log).toHaveBeenCalledExactlyOnceWith(new Error("The clipboard is not available"));
    expect(notify).toHaveBeenCalledExactlyOnceWith("Could not copy the link", 1000, "error");
  } finally {
    vi.unstubAllGlobals();
  }
});

test("by default the text goes to navigator.clipboard", async () => {
  const clipboard = fakeClipboard();
  vi.stubGlobal("navigator", { clipboard });
  try {
    await expect(copyToClipboard("KEEL-7", { ...MESSAGES, notify: vi.fn() })).resolves.toBe(true);
    expect(clipboard.written).toEqual(["KEEL-7"]);
  } finally {
    vi.unstubAllGlobals();
  }
});

test("by default a failure is logged with console.error", async () => {
  // The shared setup fails a test that writes to console.error; here that write is the behaviour.
  const consoleError = vi.mocked(console.error).mockImplementation(() => undefined);
  const failure = new Error("denied");
  await copyToClipboard("x", { ...MESSAGES, notify: vi.fn(), clipboard: fakeClipboard(failure) });
  expect(consoleError).toHaveBeenCalledExactlyOnceWith(failure);
});
