import { expect, test } from "vitest";
import {
  displayedVariant,
  formatKeyStroke,
  osFromUserAgent,
  searchShortcuts,
  SHORTCUTS,
  type Shortcut,
} from "./shortcuts.ts";

const byId = (id: string): Shortcut => {
  const shortcut = SHORTCUTS.find((s) => s.id === id);
  if (!shortcut) throw new Error(`no shortcut ${id}`);
  return shortcut;
};

test("quick search is Ctrl+K on Windows and Linux and ⌘K on macOS", () => {
  const quickSearch = byId("quick-search");
  expect(formatKeyStroke(displayedVariant(quickSearch, "windows")!, "windows")).toEqual(["Ctrl", "K"]);
  expect(formatKeyStroke(displayedVariant(quickSearch, "linux")!, "linux")).toEqual(["Ctrl", "K"]);
  expect(formatKeyStroke(displayedVariant(quickSearch, "mac")!, "mac")).toEqual(["⌘", "K"]);
});

test("the seed's examples have their key strokes", () => {
  expect(formatKeyStroke(byId("command-dialog").variants[0]!, "linux")).toEqual(["Ctrl", "Alt", "J"]);
  expect(formatKeyStroke(byId("new-issue").variants[0]!, "linux")).toEqual(["Alt", "Insert"]);
  expect(formatKeyStroke(byId("assign-to-me").variants[0]!, "linux")).toEqual(["Ctrl", "M"]);
  expect(formatKeyStroke(byId("star-issue").variants[0]!, "linux")).toEqual(["Ctrl", "Shift", "0"]);
  expect(formatKeyStroke(byId("quick-help").variants[0]!, "linux")).toEqual(["Ctrl", "/"]);
});

test("macOS shows modifier glyphs in the platform's order", () => {
  expect(formatKeyStroke({ ctrl: true, alt: true, shift: true, meta: true, code: "KeyP" }, "mac")).toEqual([
    "⌃",
    "⌥",
    "⇧",
    "⌘",
    "P",
  ]);
});

test("only the first variant that applies to the OS is displayed", () => {
  const shortcut: Shortcut = {
    id: "x",
    name: "X",
    variants: [
      { ctrl: true, code: "KeyA", os: "mac" },
      { alt: true, code: "KeyB" },
      { shift: true, code: "KeyC" },
    ],
  };
  expect(displayedVariant(shortcut, "mac")?.code).toBe("KeyA");
  expect(displayedVariant(shortcut, "windows")?.code).toBe("KeyB");
});

test("search matches names case-insensitively and an empty query lists everything", () => {
  expect(searchShortcuts(SHORTCUTS, "SEARCH").map((s) => s.id)).toEqual(["quick-search"]);
  expect(searchShortcuts(SHORTCUTS, "  ")).toHaveLength(SHORTCUTS.length);
  expect(searchShortcuts(SHORTCUTS, "nothing like this")).toEqual([]);
});

test("the OS comes from the User-Agent, Linux when unsure", () => {
  expect(osFromUserAgent("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)")).toBe("mac");
  expect(osFromUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64)")).toBe("windows");
  expect(osFromUserAgent("Mozilla/5.0 (X11; Linux x86_64)")).toBe("linux");
  expect(osFromUserAgent("")).toBe("linux");
});
