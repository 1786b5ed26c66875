import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { demoConfiguration } from "#prisma/factories.ts";
import { configFetchError } from "./app-errors.ts";
import {
  bootstrapConfig,
  clearCachedConfig,
  configDataBlock,
  isCacheUsable,
  readPreloadedConfig,
  sameConfig,
  type ClientConfig,
  type ConfigBootstrapOptions,
} from "./config-cache.ts";
import { configUrl, fetchClientConfig } from "./config-fetch.ts";
import { readStored, writeStored, type StorageLike } from "./local-storage.ts";

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

function config(overrides: Partial<ClientConfig> = {}): ClientConfig {
  const { banners: _banners, ...rest } = demoConfiguration();
  return { ...rest, ...overrides };
}

let storage: MemoryStorage;
let reload: ReturnType<typeof vi.fn<() => void>>;
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

function options(overrides: Partial<ConfigBootstrapOptions> = {}): ConfigBootstrapOptions {
  return {
    preloaded: null,
    storage,
    basePath: "/",
    pathname: "/issues",
    fetchConfig: () => Promise.resolve(config()),
    reload,
    navigate,
    ...overrides,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  storage = new MemoryStorage();
  reload = vi.fn<() => void>();
  navigate = vi.fn<(path: string) => void>();
});

afterEach(() => {
  vi.useRealTimers();
});

test("a preloaded configuration is used as is and replaces the cached copy", async () => {
  writeStored("cachedConfiguration", config({ version: "old" }), storage);
  const fetchConfig = vi.fn(() => Promise.resolve(config()));
  const result = await bootstrapConfig(options({ preloaded: config({ version: "2025.4" }), fetchConfig }));
  expect(result.source).toBe("preloaded");
  expect(result.config?.version).toBe("2025.4");
  // The copy is replaced in a task of its own, after the one that starts the page.
  expect(readStored("cachedConfiguration", storage)?.version).toBe("old");
  await vi.advanceTimersByTimeAsync(0);
  // Once the storage catalogue (loaded on demand, as it validates with zod) is there.
  await vi.waitFor(() => expect(readStored("cachedConfiguration", storage)?.version).toBe("2025.4"));
  await vi.advanceTimersByTimeAsync(5_000);
  expect(fetchConfig).not.toHaveBeenCalled();
});

test("without a preloaded one the cached copy is used first and verified 1000 ms later", async () => {
  writeStored("cachedConfiguration", config(), storage);
  const fetchConfig = vi.fn(() => Promise.resolve(config()));
  const onVerified = vi.fn();
  const result = await bootstrapConfig(options({ fetchConfig, onVerified }));
  expect(result.source).toBe("cache");
  expect(fetchConfig).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(999);
  expect(fetchConfig).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(fetchConfig).toHaveBeenCalledOnce();
  expect(onVerified).toHaveBeenCalledWith("same");
  expect(reload).not.toHaveBeenCalled();
  expect(readStored("cachedConfiguration", storage)).not.toBeNull();
});

test("a cached copy that differs from the backend's is cleared and the page reloads", async () => {
  writeStored("cachedConfiguration", config({ defaultPage: "/issues" }), storage);
  await bootstrapConfig(
    options({ fetchConfig: () => Promise.resolve(config({ defaultPage: "/articles" })) }),
  );
  await vi.advanceTimersByTimeAsync(1_000);
  expect(reload).toHaveBeenCalledOnce();
  expect(readStored("cachedConfiguration", storage)).toBeNull();
});

test("a cached copy that cannot be verified is cleared and the page reloads", async () => {
  writeStored("cachedConfiguration", config(), storage);
  await bootstrapConfig(options({ fetchConfig: () => Promise.reject(new TypeError("Failed to fetch")) }));
  await vi.advanceTimersByTimeAsync(1_000);
  expect(reload).toHaveBeenCalledOnce();
  expect(readStored("cachedConfiguration", storage)).toBeNull();
});

test("cancel stops a pending verification", async () => {
  writeStored("cachedConfiguration", config(), storage);
  const fetchConfig = vi.fn(() => Promise.resolve(config()));
  const result = await bootstrapConfig(options({ fetchConfig }));
  result.cancel();
  await vi.advanceTimersByTimeAsync(2_000);
  expect(fetchConfig).not.toHaveBeenCalled();
});

test("on a hosted install the cache is used only when its contextPath is the base path", async () => {
  const hosted = { hosted: true, domain: "keel.example", availabilityZone: null };
  expect(isCacheUsable(config({ hosted, contextPath: "/youtrack/" }), "/youtrack/")).toBe(true);
  expect(isCacheUsable(config({ hosted, contextPath: "/other/" }), "/youtrack/")).toBe(false);
  expect(isCacheUsable(config({ contextPath: "/other/" }), "/youtrack/")).toBe(true);

  writeStored("cachedConfiguration", config({ hosted, contextPath: "/other/" }), storage);
  const result = await bootstrapConfig(options({ basePath: "/youtrack/" }));
  expect(result.source).toBe("network");
});

test("without preload or cache the configuration is fetched and cached", async () => {
  const result = await bootstrapConfig(
    options({ fetchConfig: () => Promise.resolve(config({ build: "7" })) }),
  );
  expect(result.source).toBe("network");
  expect(readStored("cachedConfiguration", storage)?.build).toBe("7");
});

test("when the configuration cannot be loaded at all the browser goes to error?configUnavailable=true", async () => {
  const result = await bootstrapConfig(
    options({ fetchConfig: () => Promise.reject(configFetchError(503, "Service Unavailable")) }),
  );
  expect(result.source).toBe("unavailable");
  expect(navigate).toHaveBeenCalledWith("/error?configUnavailable=true");
});

test("the error page itself is not sent to itself again", async () => {
  await bootstrapConfig(
    options({ pathname: "/error", fetchConfig: () => Promise.reject(new TypeError("Failed to fetch")) }),
  );
  expect(navigate).not.toHaveBeenCalled();
});

test("a georestricted answer (451) goes to the unavailable page", async () => {
  await bootstrapConfig(
    options({ fetchConfig: () => Promise.reject(configFetchError(451, "Unavailable For Legal Reasons")) }),
  );
  expect(navigate).toHaveBeenCalledWith("/unavailable");
});

test("the base path prefixes the error page", async () => {
  await bootstrapConfig(
    options({ basePath: "/youtrack/", fetchConfig: () => Promise.reject(new TypeError("Failed to fetch")) }),
  );
  expect(navigate).toHaveBeenCalledWith("/youtrack/error?configUnavailable=true");
});

test("logout's clear removes the cached copy", async () => {
  writeStored("cachedConfiguration", config(), storage);
  await clearCachedConfig(storage);
  expect(readStored("cachedConfiguration", storage)).toBeNull();
});

test("comparison ignores key order and sees any changed value", () => {
  expect(sameConfig({ a: 1, b: { c: [1, 2], d: null } }, { b: { d: null, c: [1, 2] }, a: 1 })).toBe(true);
  expect(sameConfig({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [2, 1] } })).toBe(false);
  expect(sameConfig(config(), config({ readOnly: true }))).toBe(false);
});

test("the data block cannot close its script element and reads back", () => {
  const text = configDataBlock(config({ licenseError: "</script><script>alert(1)</script>" }));
  expect(text).not.toContain("<");
  const doc = { getElementById: () => ({ textContent: text }) as unknown as HTMLElement };
  expect(readPreloadedConfig(doc)?.licenseError).toBe("</script><script>alert(1)</script>");
  expect(readPreloadedConfig({ getElementById: () => null })).toBeNull();
});

test("the browser's fetch uses the shell's field selector and fails above 300 with status and text", async () => {
  expect(decodeURIComponent(configUrl("/"))).toMatch(/^\/api\/config\?fields=.*ring\(.*l10n\(/);
  const ok = vi.fn(() => Promise.resolve(Response.json(config())));
  await expect(fetchClientConfig("/", ok)).resolves.toEqual(config());
  const down = vi.fn(() =>
    Promise.resolve(new Response("", { status: 503, statusText: "Service Unavailable" })),
  );
  await expect(fetchClientConfig("/", down)).rejects.toThrow("503 Service Unavailable");
  const moved = vi.fn(() =>
    Promise.resolve(new Response("{}", { status: 300, statusText: "Multiple Choices" })),
  );
  // 300 itself passes the status rule; the empty body then fails the schema.
  await expect(fetchClientConfig("/", moved)).rejects.not.toThrow("300 Multiple Choices");
});
