import { expect, test } from "vitest";
import {
  isEditableTarget,
  layoutForLanguage,
  matchShortcut,
  shortcutContextFromNavigator,
  shortcutKeyCode,
  type ShortcutContext,
  type ShortcutKeyEvent,
} from "./shortcut-matcher.ts";
import { SHORTCUT_SETS, SHORTCUTS, type Shortcut } from "./shortcuts.ts";

interface Modifiers {
  ctrl?: boolean;
  alt?: boolean;
  shift?: boolean;
  meta?: boolean;
}

function press(code: string, key: string, mods: Modifiers = {}, extra: Partial<ShortcutKeyEvent> = {}) {
  return {
    code,
    key,
    ctrlKey: mods.ctrl ?? false,
    altKey: mods.alt ?? false,
    shiftKey: mods.shift ?? false,
    metaKey: mods.meta ?? false,
    ...extra,
  } satisfies ShortcutKeyEvent;
}

const WINDOWS: ShortcutContext = { os: "windows" };
const MAC: ShortcutContext = { os: "mac" };
const LINUX: ShortcutContext = { os: "linux", browser: "firefox" };

const idOf = (event: ShortcutKeyEvent, context = WINDOWS, catalogue: readonly Shortcut[] = SHORTCUTS) =>
  matchShortcut(event, catalogue, context)?.id ?? null;

// The best-known shortcuts as each layout really reports them on Windows and Linux.
const BEST_KNOWN_PRESSES = {
  US: {
    "quick-search": press("KeyK", "k", { ctrl: true }),
    "command-dialog": press("KeyJ", "j", { ctrl: true, alt: true }),
    "new-issue": press("Insert", "Insert", { alt: true }),
    "assign-to-me": press("KeyM", "m", { ctrl: true }),
    "star-issue": press("Digit0", ")", { ctrl: true, shift: true }),
    "quick-help": press("Slash", "/", { ctrl: true }),
  },
  // Shift+0 prints "=", and the key right of "." prints "-" (it follows the physical key).
  "German QWERTZ": {
    "quick-search": press("KeyK", "k", { ctrl: true }),
    "command-dialog": press("KeyJ", "j", { ctrl: true, alt: true }),
    "new-issue": press("Insert", "Insert", { alt: true }),
    "assign-to-me": press("KeyM", "m", { ctrl: true }),
    "star-issue": press("Digit0", "=", { ctrl: true, shift: true }),
    "quick-help": press("Slash", "-", { ctrl: true }),
  },
  "Russian ЙЦУКЕН": {
    "quick-search": press("KeyK", "л", { ctrl: true }),
    "command-dialog": press("KeyJ", "о", { ctrl: true, alt: true }),
    "new-issue": press("Insert", "Insert", { alt: true }),
    "assign-to-me": press("KeyM", "ь", { ctrl: true }),
    "star-issue": press("Digit0", ")", { ctrl: true, shift: true }),
    "quick-help": press("Slash", ".", { ctrl: true }),
  },
};

for (const [layout, presses] of Object.entries(BEST_KNOWN_PRESSES)) {
  test(`every best-known shortcut fires on a ${layout} layout in every set`, () => {
    for (const catalogue of Object.values(SHORTCUT_SETS))
      for (const [id, event] of Object.entries(presses)) {
        expect(idOf(event, WINDOWS, catalogue)).toBe(id);
        expect(idOf(event, LINUX, catalogue)).toBe(id);
      }
  });
}

test("on macOS quick search is Cmd+K, also on a Russian layout, and Ctrl+K is nothing", () => {
  expect(idOf(press("KeyK", "k", { meta: true }), MAC)).toBe("quick-search");
  expect(idOf(press("KeyK", "л", { meta: true }), MAC)).toBe("quick-search");
  expect(idOf(press("KeyK", "k", { ctrl: true }), MAC)).toBeNull();
});

test("Cmd+K is not quick search on Windows or Linux, where meta is the Windows key", () => {
  expect(idOf(press("KeyK", "k", { meta: true }), WINDOWS)).toBeNull();
  expect(idOf(press("KeyK", "k", { meta: true }), LINUX)).toBeNull();
});

test("the best-known Ctrl strokes other than quick search stay Ctrl on macOS", () => {
  expect(idOf(press("KeyM", "m", { ctrl: true }), MAC)).toBe("assign-to-me");
  expect(idOf(press("KeyM", "m", { meta: true }), MAC)).toBeNull();
  expect(idOf(press("Digit0", ")", { ctrl: true, shift: true }), MAC)).toBe("star-issue");
  expect(idOf(press("Slash", "/", { ctrl: true }), MAC)).toBe("quick-help");
});

test("modifiers must match exactly", () => {
  expect(idOf(press("Digit0", "0", { ctrl: true }))).toBeNull();
  expect(idOf(press("Digit0", ")", { ctrl: true, shift: true, alt: true }))).toBeNull();
  expect(idOf(press("KeyK", "K", { ctrl: true, shift: true }))).toBeNull();
  expect(idOf(press("KeyJ", "j", { ctrl: true }))).toBeNull();
  expect(idOf(press("KeyK", "k"))).toBe("previous-issue");
  expect(idOf(press("KeyJ", "j"))).toBe("next-issue");
  expect(idOf(press("Slash", "?", { shift: true }))).toBe("open-help");
});

const UNDO_REDO: Shortcut[] = [
  { id: "undo", name: "Undo", variants: [{ ctrl: true, code: "KeyZ" }] },
  { id: "redo", name: "Redo", variants: [{ ctrl: true, code: "KeyY" }] },
];

test("on German QWERTZ a letter is the key labelled with it, though Y and Z swap codes", () => {
  expect(idOf(press("KeyY", "z", { ctrl: true }), WINDOWS, UNDO_REDO)).toBe("undo");
  expect(idOf(press("KeyZ", "y", { ctrl: true }), WINDOWS, UNDO_REDO)).toBe("redo");
  expect(idOf(press("KeyY", "Z", { ctrl: true, shift: true }), WINDOWS, UNDO_REDO)).toBeNull();
});

test("on a Russian layout letters follow the physical key", () => {
  expect(idOf(press("KeyZ", "я", { ctrl: true }), WINDOWS, UNDO_REDO)).toBe("undo");
  expect(idOf(press("KeyY", "н", { ctrl: true }), WINDOWS, UNDO_REDO)).toBe("redo");
  expect(idOf(press("KeyJ", "о"))).toBe("next-issue");
  expect(idOf(press("KeyJ", "О", { alt: true, shift: true }))).toBe("repeat-command");
});

test("other non-Latin scripts (Greek, Hebrew) follow the physical key as well", () => {
  expect(shortcutKeyCode(press("KeyK", "κ", { ctrl: true }), "windows")).toBe("KeyK");
  expect(shortcutKeyCode(press("KeyK", "ל", { ctrl: true }), "windows")).toBe("KeyK");
});

test("on French AZERTY the key labelled M is M, and the key in US M's place is not", () => {
  expect(idOf(press("Semicolon", "m", { ctrl: true }))).toBe("assign-to-me");
  expect(idOf(press("KeyM", ",", { ctrl: true }))).toBeNull();
});

test("AltGr typing on a Latin layout, which Windows reports as Ctrl+Alt, fires no shortcut", () => {
  const ctrlAlt: Shortcut[] = ["KeyS", "KeyQ", "KeyE", "KeyM"].map((code) => ({
    id: code,
    name: code,
    variants: [{ ctrl: true, alt: true, code }],
  }));
  expect(idOf(press("KeyS", "ś", { ctrl: true, alt: true }), WINDOWS, ctrlAlt)).toBeNull();
  expect(idOf(press("KeyQ", "@", { ctrl: true, alt: true }), WINDOWS, ctrlAlt)).toBeNull();
  expect(idOf(press("KeyE", "€", { ctrl: true, alt: true }), WINDOWS, ctrlAlt)).toBeNull();
  expect(idOf(press("KeyM", "µ", { ctrl: true, alt: true }), WINDOWS, ctrlAlt)).toBeNull();
  expect(idOf(press("KeyS", "s", { ctrl: true, alt: true }), WINDOWS, ctrlAlt)).toBe("KeyS");
});

test("the Ukrainian AltGr+Г, which types ґ, fires no slavic shortcut", () => {
  expect(idOf(press("KeyU", "ґ", { ctrl: true, alt: true }), WINDOWS, SHORTCUT_SETS.slavic)).toBeNull();
});

test("macOS Option symbols and dead keys still match the physical letter", () => {
  expect(idOf(press("KeyJ", "∆", { ctrl: true, alt: true }), MAC)).toBe("command-dialog");
  expect(idOf(press("KeyS", "Í", { alt: true, shift: true }), MAC)).toBe("screenshot");
  expect(idOf(press("KeyA", "å", { alt: true }), MAC)).toBe("add-file");
  expect(idOf(press("KeyI", "Dead", { ctrl: true, alt: true }), MAC)).toBe("new-issue");
});

test("an OS-restricted variant matches only on its OS", () => {
  expect(idOf(press("Insert", "Insert", { alt: true }), MAC)).toBeNull();
  expect(idOf(press("KeyI", "i", { ctrl: true, alt: true }), WINDOWS)).toBeNull();
  expect(idOf(press("KeyI", "ш", { ctrl: true, alt: true }), MAC)).toBe("new-issue");
});

test("a browser-restricted variant matches only in that browser", () => {
  const catalogue: Shortcut[] = [
    { id: "x", name: "X", variants: [{ alt: true, code: "KeyX", browser: "firefox" }] },
  ];
  expect(idOf(press("KeyX", "x", { alt: true }), { os: "linux", browser: "firefox" }, catalogue)).toBe("x");
  expect(idOf(press("KeyX", "x", { alt: true }), { os: "linux", browser: "chrome" }, catalogue)).toBeNull();
  expect(idOf(press("KeyX", "x", { alt: true }), { os: "linux" }, catalogue)).toBeNull();
});

test("key presses during IME composition are ignored", () => {
  expect(idOf(press("KeyK", "k", { ctrl: true }, { isComposing: true }))).toBeNull();
  expect(idOf(press("Escape", "Escape", {}, { isComposing: true }))).toBeNull();
  expect(idOf(press("KeyK", "Process", { ctrl: true }, { keyCode: 229 }))).toBeNull();
  expect(idOf(press("KeyK", "k", { ctrl: true }, { isComposing: false, keyCode: 75 }))).toBe("quick-search");
});

const TEXT_FIELDS = [
  { tagName: "INPUT", type: "text" },
  { tagName: "INPUT", type: "search" },
  { tagName: "INPUT" },
  { tagName: "TEXTAREA" },
  { tagName: "SELECT" },
  { tagName: "DIV", isContentEditable: true },
];

test("in text fields only global shortcuts fire", () => {
  for (const target of TEXT_FIELDS) {
    expect(idOf(press("KeyK", "k", { ctrl: true }, { target }))).toBe("quick-search");
    expect(idOf(press("Slash", "/", { ctrl: true }, { target }))).toBe("quick-help");
    expect(idOf(press("Enter", "Enter", { ctrl: true }, { target }))).toBe("save");
    expect(idOf(press("Escape", "Escape", {}, { target }))).toBe("cancel");
    expect(idOf(press("KeyM", "m", { ctrl: true }, { target }))).toBeNull();
    expect(idOf(press("KeyJ", "j", {}, { target }))).toBeNull();
    expect(idOf(press("Slash", "?", { shift: true }, { target }))).toBeNull();
  }
});

test("buttons, checkboxes and plain elements are not text fields", () => {
  for (const target of [
    { tagName: "BUTTON" },
    { tagName: "INPUT", type: "checkbox" },
    { tagName: "INPUT", type: "Submit" },
    { tagName: "A" },
    { tagName: "DIV", isContentEditable: false },
    null,
  ]) {
    expect(isEditableTarget(target)).toBe(false);
    expect(idOf(press("KeyJ", "j", {}, { target }))).toBe("next-issue");
  }
  for (const target of TEXT_FIELDS) expect(isEditableTarget(target)).toBe(true);
});

test("on a Russian layout the slavic set moves add comment from Alt+C to Ctrl+Alt+C", () => {
  expect(idOf(press("KeyC", "c", { alt: true }))).toBe("add-comment");
  expect(idOf(press("KeyC", "с", { alt: true }), WINDOWS, SHORTCUT_SETS.slavic)).toBeNull();
  expect(idOf(press("KeyC", "с", { ctrl: true, alt: true }), WINDOWS, SHORTCUT_SETS.slavic)).toBe(
    "add-comment",
  );
  expect(idOf(press("KeyD", "В", { alt: true, shift: true }), WINDOWS, SHORTCUT_SETS.slavic)).toBeNull();
  expect(idOf(press("KeyD", "в", { ctrl: true, alt: true }), WINDOWS, SHORTCUT_SETS.slavic)).toBe(
    "go-to-dashboards",
  );
});

test("the classic set pastes with Shift+Insert, and Ctrl+V is left to the browser", () => {
  expect(idOf(press("KeyV", "v", { ctrl: true }))).toBe("paste");
  expect(idOf(press("Insert", "Insert", { shift: true }), WINDOWS, SHORTCUT_SETS.classic)).toBe("paste");
  expect(idOf(press("KeyV", "v", { ctrl: true }), WINDOWS, SHORTCUT_SETS.classic)).toBeNull();
  expect(idOf(press("Period", ".", { ctrl: true, alt: true }), WINDOWS, SHORTCUT_SETS.classic)).toBe(
    "repeat-command",
  );
});

test("Cyrillic languages get the slavic layout, every other language the default", () => {
  for (const language of ["ru", "uk", "be", "bg", "sr", "ru-RU", "uk_UA", "RU", "sr-Cyrl-RS"])
    expect(layoutForLanguage(language), language).toBe("slavic");
  for (const language of ["en", "de", "pl", "cs", "zh", "sr-Latn", "sr_Latn_RS", ""])
    expect(layoutForLanguage(language), language).toBe("default");
});

test("the platform comes from client hints when present, else from the User-Agent", () => {
  const chromeOnMac =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36";
  expect(shortcutContextFromNavigator({ userAgent: chromeOnMac })).toEqual({ os: "mac", browser: "chrome" });
  expect(
    shortcutContextFromNavigator({ userAgent: chromeOnMac, userAgentData: { platform: "Windows" } }),
  ).toEqual({
    os: "windows",
    browser: "chrome",
  });
  expect(
    shortcutContextFromNavigator({ userAgent: chromeOnMac, userAgentData: { platform: "macOS" } }).os,
  ).toBe("mac");
  expect(shortcutContextFromNavigator({ userAgent: chromeOnMac, userAgentData: { platform: "" } }).os).toBe(
    "mac",
  );
  expect(shortcutContextFromNavigator({ userAgent: "curl/8.0" })).toEqual({ os: "linux" });
});
