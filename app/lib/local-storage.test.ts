import { afterEach, expect, test, vi } from "vitest";
import {
  STORAGE_KEYS,
  clearAllStored,
  readStored,
  removeStored,
  writeStored,
  type StorageKeyName,
  type StorageLike,
} from "./local-storage.ts";

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

function throwingStorage(): StorageLike {
  const fail = () => {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
  return { getItem: fail, setItem: fail, removeItem: fail };
}

const names = Object.keys(STORAGE_KEYS) as StorageKeyName[];

afterEach(() => {
  vi.unstubAllGlobals();
});

test("a boolean toggle round-trips as JSON", () => {
  const storage = new MemoryStorage();
  expect(writeStored("fullWidthContent", true, storage)).toBe(true);
  expect(storage.getItem("keel.layout.fullWidthContent")).toBe("true");
  expect(readStored("fullWidthContent", storage)).toBe(true);
});

test("the timesheet filters object round-trips", () => {
  const storage = new MemoryStorage();
  const filters = {
    projects: ["0-1", "0-2"],
    query: "for: me",
    workTypes: ["Development"],
    workAttributes: { "attr-1": ["v-1", "v-2"] },
  };
  expect(writeStored("timesheetFilters", filters, storage)).toBe(true);
  expect(readStored("timesheetFilters", storage)).toEqual(filters);
});

test("the AI chat position and size, expanded tree items, theme and epoch times round-trip", () => {
  const storage = new MemoryStorage();
  const rect = { x: 10, y: 20.5, width: 400, height: 600 };
  writeStored("aiChatFloatingRect", rect, storage);
  writeStored("articleTreeExpandedItems", ["KB-A-1", "KB-A-7"], storage);
  writeStored("theme", "darcula", storage);
  writeStored("firstTimeSeen", 1_760_000_000_000, storage);
  writeStored("lastUsedDashboardId", "dashboard-3", storage);

  expect(readStored("aiChatFloatingRect", storage)).toEqual(rect);
  expect(readStored("articleTreeExpandedItems", storage)).toEqual(["KB-A-1", "KB-A-7"]);
  expect(readStored("theme", storage)).toBe("darcula");
  expect(readStored("firstTimeSeen", storage)).toBe(1_760_000_000_000);
  expect(readStored("lastUsedDashboardId", storage)).toBe("dashboard-3");
});

test("an absent key reads as its default", () => {
  const storage = new MemoryStorage();
  expect(readStored("theme", storage)).toBe("system");
  expect(readStored("aiChatFloatingRect", storage)).toBeNull();
  expect(readStored("timesheetFilters", storage)).toEqual({
    projects: [],
    query: "",
    workTypes: [],
    workAttributes: {},
  });
});

test("unparsable JSON reads as the default", () => {
  const storage = new MemoryStorage();
  storage.setItem(STORAGE_KEYS.fullWidthContent.key, "{not json");
  storage.setItem(STORAGE_KEYS.theme.key, "darcula");
  expect(readStored("fullWidthContent", storage)).toBe(false);
  expect(readStored("theme", storage)).toBe("system");
});

test("a stored value of the wrong shape reads as the default", () => {
  const storage = new MemoryStorage();
  storage.setItem(STORAGE_KEYS.fullWidthContent.key, '"yes"');
  storage.setItem(STORAGE_KEYS.theme.key, '"solarized"');
  storage.setItem(STORAGE_KEYS.aiChatFloatingRect.key, '{"x":1,"y":2}');
  storage.setItem(STORAGE_KEYS.timesheetFilters.key, '{"projects":"0-1","query":"","workTypes":[]}');
  expect(readStored("fullWidthContent", storage)).toBe(false);
  expect(readStored("theme", storage)).toBe("system");
  expect(readStored("aiChatFloatingRect", storage)).toBeNull();
  expect(readStored("timesheetFilters", storage).projects).toEqual([]);
});

test("storage throwing on getItem reads as the default", () => {
  expect(readStored("articleTableOfContentsOpen", throwingStorage())).toBe(true);
});

test("storage throwing on setItem makes write return false without throwing", () => {
  expect(writeStored("fullWidthContent", true, throwingStorage())).toBe(false);
});

test("remove and clear-all swallow storage errors", () => {
  expect(() => removeStored("theme", throwingStorage())).not.toThrow();
  expect(() => clearAllStored(throwingStorage())).not.toThrow();
});

test("without any storage, reads give defaults and writes return false", () => {
  vi.stubGlobal("localStorage", undefined);
  expect(readStored("theme")).toBe("system");
  expect(writeStored("theme", "darcula")).toBe(false);
  expect(readStored("theme", null)).toBe("system");
  expect(writeStored("theme", "darcula", null)).toBe(false);
});

test("storage defaults to globalThis.localStorage", () => {
  const storage = new MemoryStorage();
  vi.stubGlobal("localStorage", storage);
  expect(writeStored("ticketFullWidth", true)).toBe(true);
  expect(storage.getItem("keel.layout.ticketFullWidth")).toBe("true");
  expect(readStored("ticketFullWidth")).toBe(true);
  removeStored("ticketFullWidth");
  expect(storage.items.size).toBe(0);
});

test("a localStorage getter that throws (storage disabled) is treated as no storage", () => {
  const previous = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
  Object.defineProperty(globalThis, "localStorage", {
    configurable: true,
    get() {
      throw new DOMException("Access is denied for this document.", "SecurityError");
    },
  });
  try {
    expect(readStored("theme")).toBe("system");
    expect(writeStored("theme", "darcula")).toBe(false);
    expect(() => clearAllStored()).not.toThrow();
  } finally {
    if (previous) Object.defineProperty(globalThis, "localStorage", previous);
    else Reflect.deleteProperty(globalThis, "localStorage");
  }
});

test("write refuses a value that fails the schema and leaves the stored value alone", () => {
  const storage = new MemoryStorage();
  writeStored("theme", "darcula", storage);
  expect(writeStored("theme", "solarized" as never, storage)).toBe(false);
  expect(writeStored("aiChatFloatingRect", { x: 0, y: 0, width: -5, height: 10 }, storage)).toBe(false);
  expect(writeStored("pluginSandboxUrl", "javascript:alert(1)", storage)).toBe(false);
  expect(writeStored("firstTimeSeen", Number.NaN, storage)).toBe(false);
  expect(storage.getItem(STORAGE_KEYS.theme.key)).toBe('"darcula"');
  expect(storage.items.size).toBe(1);
});

test("a mutated default does not leak into later reads", () => {
  const storage = new MemoryStorage();
  readStored("articleTreeExpandedItems", storage).push("KB-A-1");
  readStored("timesheetFilters", storage).projects.push("0-1");
  expect(readStored("articleTreeExpandedItems", storage)).toEqual([]);
  expect(readStored("timesheetFilters", storage).projects).toEqual([]);
});

test("remove deletes only that key", () => {
  const storage = new MemoryStorage();
  writeStored("theme", "darcula", storage);
  writeStored("fullWidthContent", true, storage);
  removeStored("theme", storage);
  expect(readStored("theme", storage)).toBe("system");
  expect(readStored("fullWidthContent", storage)).toBe(true);
});

test("clear-all removes every catalogue key and leaves foreign keys", () => {
  const storage = new MemoryStorage();
  for (const name of names)
    storage.setItem(STORAGE_KEYS[name].key, JSON.stringify(STORAGE_KEYS[name].default));
  storage.setItem("other-app.setting", "1");
  storage.setItem("keel-unrelated", "2");
  expect(storage.items.size).toBe(names.length + 2);

  clearAllStored(storage);

  expect([...storage.items.keys()].sort()).toEqual(["keel-unrelated", "other-app.setting"]);
});

test("every key string is unique and prefixed with keel.", () => {
  const keys = names.map((name) => STORAGE_KEYS[name].key);
  expect(new Set(keys).size).toBe(keys.length);
  for (const key of keys) expect(key).toMatch(/^keel\.[A-Za-z]+\.[A-Za-z]+$/);
});

test("every default satisfies its own schema", () => {
  for (const name of names) {
    const { schema, default: fallback } = STORAGE_KEYS[name];
    expect(schema.safeParse(fallback).success, name).toBe(true);
  }
});

test("the catalogue covers every area of browser-local storage", () => {
  // 9 layout, 5 articles, 10 shell and admin, 3 workflow editor, 4 timesheets, 4 notifications, 5 other,
  // plus the cached configuration and the command palette's recent choices.
  expect(names).toHaveLength(42);
  expect(names).toContain("cachedConfiguration");
});
