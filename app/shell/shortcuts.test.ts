import { expect, test } from "vitest";
import shellMessages from "../../locales/en/shell.json";
import {
  browserFromUserAgent,
  displayedVariant,
  formatKeyStroke,
  osFromUserAgent,
  searchShortcuts,
  SHORTCUT_SETS,
  shortcutCatalogue,
  shortcutConflicts,
  SHORTCUTS,
  strokeSignature,
  type Shortcut,
  type ShortcutOs,
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

test("the best-known shortcuts have their key strokes", () => {
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

test("the help panel's search for “star” finds only Star issue", () => {
  expect(searchShortcuts(SHORTCUTS, "star").map((s) => s.id)).toEqual(["star-issue"]);
});

const SETS = {
  default: SHORTCUT_SETS.default,
  slavic: SHORTCUT_SETS.slavic,
  classic: SHORTCUT_SETS.classic,
  "slavic classic": shortcutCatalogue({ layout: "slavic", classic: true }),
};
const ALL_OS: ShortcutOs[] = ["windows", "mac", "linux"];

/** Ids whose variants differ between two sets. */
const changedIds = (from: readonly Shortcut[], to: readonly Shortcut[]): string[] =>
  to
    .filter((s) => {
      const before = from.find((f) => f.id === s.id);
      return JSON.stringify(before?.variants) !== JSON.stringify(s.variants);
    })
    .map((s) => s.id)
    .sort();

test("SHORTCUTS is the default set", () => {
  expect(SHORTCUTS).toBe(SHORTCUT_SETS.default);
  expect(shortcutCatalogue({ layout: "default", classic: false })).toEqual(SHORTCUTS);
});

test("the catalogue holds a realistic issue tracker's shortcuts", () => {
  expect(SHORTCUTS.length).toBeGreaterThanOrEqual(25);
  expect(SHORTCUTS.length).toBeLessThanOrEqual(35);
  const ids = SHORTCUTS.map((s) => s.id);
  for (const id of ["go-to-issues", "go-to-dashboards", "go-to-articles", "new-article", "edit", "save"])
    expect(ids).toContain(id);
  for (const id of [
    "cancel",
    "next-issue",
    "previous-issue",
    "select-issue",
    "toggle-navigation",
    "open-help",
  ])
    expect(ids).toContain(id);
});

test("the help panel lists the best-known shortcuts first", () => {
  expect(SHORTCUTS.slice(0, 6).map((s) => s.id)).toEqual([
    "quick-search",
    "command-dialog",
    "new-issue",
    "assign-to-me",
    "star-issue",
    "quick-help",
  ]);
});

test("ids are unique in every set and every set has the same shortcuts in the same order", () => {
  for (const set of Object.values(SETS)) {
    const ids = set.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(SHORTCUTS.map((s) => s.id));
  }
});

test("no two shortcuts in any set share a stroke on any OS or browser", () => {
  for (const [name, set] of Object.entries(SETS))
    expect({ name, conflicts: shortcutConflicts(set) }).toEqual({ name, conflicts: [] });
});

test("the conflict check catches two shortcuts sharing a stroke, but only where both apply", () => {
  const catalogue: Shortcut[] = [
    { id: "a", name: "A", variants: [{ ctrl: true, code: "KeyK", os: "mac" }] },
    { id: "b", name: "B", variants: [{ code: "KeyB" }, { ctrl: true, code: "KeyK" }] },
    { id: "c", name: "C", variants: [{ code: "KeyB", browser: "firefox" }] },
  ];
  expect(shortcutConflicts(catalogue)).toEqual([
    { stroke: "ctrl+KeyK", ids: ["a", "b"], os: "mac" },
    { stroke: "KeyB", ids: ["b", "c"], os: "mac", browser: "firefox" },
    { stroke: "KeyB", ids: ["b", "c"], os: "windows", browser: "firefox" },
    { stroke: "KeyB", ids: ["b", "c"], os: "linux", browser: "firefox" },
  ]);
});

test("every shortcut in every set has a stroke on every OS", () => {
  for (const set of Object.values(SETS))
    for (const shortcut of set)
      for (const os of ALL_OS)
        expect(displayedVariant(shortcut, os), `${shortcut.id} on ${os}`).toBeDefined();
});

test("the best-known shortcuts keep their strokes in every set", () => {
  for (const set of Object.values(SETS)) {
    const shown = (id: string, os: ShortcutOs) => {
      const shortcut = set.find((s) => s.id === id)!;
      return formatKeyStroke(displayedVariant(shortcut, os)!, os).join("+");
    };
    expect(shown("quick-search", "windows")).toBe("Ctrl+K");
    expect(shown("quick-search", "mac")).toBe("⌘+K");
    expect(shown("command-dialog", "windows")).toBe("Ctrl+Alt+J");
    expect(shown("new-issue", "windows")).toBe("Alt+Insert");
    expect(shown("assign-to-me", "windows")).toBe("Ctrl+M");
    expect(shown("star-issue", "windows")).toBe("Ctrl+Shift+0");
    expect(shown("quick-help", "windows")).toBe("Ctrl+/");
  }
});

test("macOS, which has no Insert key, shows its own stroke for new issue and new article", () => {
  const shown = (set: readonly Shortcut[], id: string, os: ShortcutOs) =>
    formatKeyStroke(
      displayedVariant(
        set.find((s) => s.id === id)!,
        os,
      )!,
      os,
    );
  expect(shown(SHORTCUTS, "new-issue", "linux")).toEqual(["Alt", "Insert"]);
  expect(shown(SHORTCUTS, "new-issue", "mac")).toEqual(["⌃", "⌥", "I"]);
  expect(shown(SHORTCUTS, "new-article", "windows")).toEqual(["Alt", "Shift", "Insert"]);
  expect(shown(SHORTCUT_SETS.slavic, "new-article", "windows")).toEqual(["Ctrl", "Alt", "Insert"]);
  expect(shown(SHORTCUTS, "new-article", "mac")).toEqual(["⌃", "⌥", "⇧", "I"]);
  expect(shown(SHORTCUTS, "save", "windows")).toEqual(["Ctrl", "Enter"]);
  expect(shown(SHORTCUTS, "save", "mac")).toEqual(["⌘", "Enter"]);
  expect(shown(SHORTCUTS, "toggle-navigation", "linux")).toEqual(["Ctrl", "\\"]);
});

test("a browser-restricted variant is displayed only when that browser is known", () => {
  const shortcut: Shortcut = {
    id: "x",
    name: "X",
    variants: [
      { alt: true, code: "KeyX", browser: "firefox" },
      { ctrl: true, code: "KeyX" },
    ],
  };
  expect(displayedVariant(shortcut, "linux", "firefox")).toEqual({
    alt: true,
    code: "KeyX",
    browser: "firefox",
  });
  expect(displayedVariant(shortcut, "linux", "chrome")).toEqual({ ctrl: true, code: "KeyX" });
  expect(displayedVariant(shortcut, "linux")).toEqual({ ctrl: true, code: "KeyX" });
});

test("the classic set differs from the default in exactly add file, comment, paste, screenshot and repeat command", () => {
  const five = ["add-comment", "add-file", "paste", "repeat-command", "screenshot"];
  expect(changedIds(SHORTCUT_SETS.default, SHORTCUT_SETS.classic)).toEqual(five);
  expect(changedIds(SHORTCUT_SETS.slavic, SETS["slavic classic"])).toEqual(five);
});

test("classic paste is Shift+Insert, and ⌘⇧V on macOS", () => {
  const paste = SHORTCUT_SETS.classic.find((s) => s.id === "paste")!;
  expect(formatKeyStroke(displayedVariant(paste, "windows")!, "windows")).toEqual(["Shift", "Insert"]);
  expect(formatKeyStroke(displayedVariant(paste, "mac")!, "mac")).toEqual(["⇧", "⌘", "V"]);
});

test("the slavic set changes exactly the shortcuts that conflict on Cyrillic layouts, each with its reason", () => {
  expect(changedIds(SHORTCUT_SETS.default, SHORTCUT_SETS.slavic)).toEqual([
    "add-comment",
    "add-file",
    "go-to-agile-boards",
    "go-to-dashboards",
    "go-to-notifications",
    "go-to-projects",
    "new-article",
    "repeat-command",
    "screenshot",
    "toggle-full-width",
  ]);
  for (const shortcut of SHORTCUT_SETS.slavic) {
    const changed = changedIds(SHORTCUT_SETS.default, [shortcut]).length > 0;
    expect({ id: shortcut.id, noted: Boolean(shortcut.note) }).toEqual({ id: shortcut.id, noted: changed });
  }
  expect(SHORTCUT_SETS.slavic.find((s) => s.id === "add-file")?.note).toContain("Файл");
  expect(SHORTCUTS.every((s) => s.note === undefined)).toBe(true);
});

// The physical keys under the Cyrillic access keys of Firefox's menu bar in Russian and
// Ukrainian: Файл, Правка, Вид/Вигляд, Журнал, Закладки, Инструменты/Інструменти, Справка/Довідка.
const CYRILLIC_MENU_KEYS = ["KeyA", "KeyG", "KeyD", "Semicolon", "KeyP", "KeyB", "KeyS", "KeyC", "KeyL"];

test("on Windows and Linux no slavic stroke is Alt alone on a menu key, Alt with Shift, or Ctrl+Alt+U", () => {
  for (const set of [SHORTCUT_SETS.slavic, SETS["slavic classic"]])
    for (const shortcut of set)
      for (const v of shortcut.variants.filter((v) => v.os !== "mac")) {
        const stroke = `${shortcut.id}: ${strokeSignature(v)}`;
        expect(v.alt && !v.ctrl && !v.meta && CYRILLIC_MENU_KEYS.includes(v.code), stroke).toBeFalsy();
        expect(v.alt && v.shift, stroke).toBeFalsy();
        expect(v.ctrl && v.alt && v.code === "KeyU", stroke).toBeFalsy();
      }
});

test("the default set does hit those Cyrillic conflicts, which is why the slavic set exists", () => {
  const altAlone = SHORTCUTS.filter((s) =>
    s.variants.some((v) => v.alt && !v.ctrl && !v.shift && CYRILLIC_MENU_KEYS.includes(v.code)),
  );
  expect(altAlone.map((s) => s.id).sort()).toEqual([
    "add-comment",
    "add-file",
    "go-to-agile-boards",
    "go-to-projects",
  ]);
});

test("only quick search, quick help, save and cancel fire while typing", () => {
  for (const set of Object.values(SETS))
    expect(
      set
        .filter((s) => s.global)
        .map((s) => s.id)
        .sort(),
    ).toEqual(["cancel", "quick-help", "quick-search", "save"]);
});

test("stroke signatures ignore the order modifiers were written in", () => {
  expect(strokeSignature({ shift: true, ctrl: true, code: "Digit0" })).toBe("ctrl+shift+Digit0");
  expect(strokeSignature({ code: "Digit0", ctrl: true, shift: true, os: "mac" })).toBe("ctrl+shift+Digit0");
  expect(strokeSignature({ code: "Escape" })).toBe("Escape");
});

test("the browser comes from the User-Agent", () => {
  const chrome =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36";
  expect(browserFromUserAgent(chrome)).toBe("chrome");
  expect(browserFromUserAgent(`${chrome} Edg/141.0`)).toBe("edge");
  expect(browserFromUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:143.0) Gecko/20100101 Firefox/143.0")).toBe(
    "firefox",
  );
  expect(
    browserFromUserAgent(
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
    ),
  ).toBe("safari");
  expect(browserFromUserAgent("curl/8.0")).toBeUndefined();
});

test("every shortcut has its name in the shell namespace, the same as the catalogue's English one", () => {
  const translated: Record<string, string> = shellMessages.shortcuts;
  expect(Object.fromEntries(SHORTCUTS.map((s) => [s.id, s.name]))).toEqual(translated);
});
