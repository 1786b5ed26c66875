// The configuration in the browser (docs/shell.md): preloaded, else cached and verified soon after, else
// fetched. A cache that differs or cannot be verified is cleared and the page reloads clean.
import type { ShellConfig } from "#contract/api.ts";
import {
  CONFIG_UNAVAILABLE_PATH,
  ConfigFetchError,
  GEORESTRICTED_STATUS,
  UNAVAILABLE_PATH,
} from "./app-errors.ts";
import { CONFIG_VERIFICATION_DELAY_MS } from "./constants.ts";
import { jsonForDataBlock } from "./json-block.ts";
import { resolveStorage, type StorageLike } from "./web-storage.ts";
import { globalTimers, type Timers } from "./timers.ts";

export type ClientConfig = ShellConfig;
export type ConfigSource = "preloaded" | "cache" | "network" | "unavailable";

/** The storage catalogue's key of the cached copy (app/lib/local-storage.ts, `cachedConfiguration`). */
export const CACHED_CONFIGURATION_KEY = "keel.shell.configuration";

/** The id of the JSON data block the server renders with the page's configuration. */
export const PRELOADED_CONFIG_ID = "keel-config";

export interface ConfigBootstrapOptions {
  preloaded: ClientConfig | null;
  storage?: StorageLike | null;
  /** The path the app is served under, e.g. "/" or "/youtrack/". */
  basePath: string;
  fetchConfig: () => Promise<ClientConfig>;
  /** The page's own path, so the error pages do not send the browser to themselves. */
  pathname: string;
  reload: () => void;
  navigate: (path: string) => void;
  onVerified?: (outcome: "same" | "differs" | "failed") => void;
  timers?: Timers;
}

export interface ConfigBootstrap {
  config: ClientConfig | null;
  source: ConfigSource;
  cancel(): void;
}

/** A cached configuration counts, for hosted installs, only when its contextPath equals the base path. */
export function isCacheUsable(cached: ClientConfig, basePath: string): boolean {
  return !cached.hosted.hosted || cached.contextPath === basePath;
}

/** Key order does not matter: the cached copy went through JSON and the fetched one through the schema. */
export function sameConfig(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : inner,
  );
}

let current: ClientConfig | null = null;

/** The configuration this page runs with, once bootstrapConfig has settled (browser only). */
export function currentClientConfig(): ClientConfig | null {
  return current;
}

/** The server's data block for the page's configuration, or null when the page has none or it is unreadable. */
export function readPreloadedConfig(doc: Pick<Document, "getElementById"> = document): ClientConfig | null {
  const text = doc.getElementById(PRELOADED_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ClientConfig;
  } catch {
    return null;
  }
}

/** JSON for a data block inside HTML: "<" escaped so the text cannot close the script element. */
export function configDataBlock(config: ClientConfig): string {
  return jsonForDataBlock(config);
}

/**
 * The storage catalogue validates with zod, which the first scripts do not carry: it loads when the cache is
 * read, cleared, or written after a fetch, never while a page with a preloaded configuration starts.
 */
const loadStorage = () => import("./local-storage.ts");

/**
 * Removes the cached copy. Never rejects: when the catalogue cannot load (offline, a new deployment), the
 * copy stays, and the next page replaces it with its own or verifies it first.
 */
export async function clearCachedConfig(storage?: StorageLike | null): Promise<void> {
  try {
    (await loadStorage()).removeStored("cachedConfiguration", storage);
  } catch {
    // See above.
  }
}

function withBase(basePath: string, path: string): string {
  return `${basePath.replace(/\/+$/, "")}${path}`;
}

export async function bootstrapConfig(options: ConfigBootstrapOptions): Promise<ConfigBootstrap> {
  const timers = options.timers ?? globalTimers;
  const { storage, basePath } = options;
  let verification: unknown;
  const cancel = () => {
    if (verification !== undefined) timers.clearTimeout(verification);
    verification = undefined;
  };

  if (options.preloaded) {
    const preloaded = options.preloaded;
    // The copy for the next page is written in a task of its own, after the one that starts the page. It is
    // what this page's server rendered from the configuration it had checked against the contract, so it
    // is stored as it is: checking it again would load the storage catalogue and zod and build the
    // configuration's schema while the page starts (docs/benchmarks.md). Reading it back checks it.
    timers.setTimeout(() => {
      try {
        resolveStorage(storage)?.setItem(CACHED_CONFIGURATION_KEY, JSON.stringify(preloaded));
      } catch {
        // Storage unavailable or full: the next page fetches its own.
      }
    }, 0);
    current = preloaded;
    return { config: options.preloaded, source: "preloaded", cancel };
  }

  // A catalogue that cannot load is an empty cache.
  const stored = await loadStorage().catch(() => null);
  const cached = stored?.readStored("cachedConfiguration", storage) ?? null;
  if (cached && isCacheUsable(cached, basePath)) {
    verification = timers.setTimeout(() => {
      verification = undefined;
      options.fetchConfig().then(
        (fresh) => {
          if (sameConfig(cached, fresh)) {
            options.onVerified?.("same");
            return;
          }
          options.onVerified?.("differs");
          void clearCachedConfig(storage).then(options.reload);
        },
        () => {
          options.onVerified?.("failed");
          void clearCachedConfig(storage).then(options.reload);
        },
      );
    }, CONFIG_VERIFICATION_DELAY_MS);
    current = cached;
    return { config: cached, source: "cache", cancel };
  }

  try {
    const fresh = await options.fetchConfig();
    stored?.writeStored("cachedConfiguration", fresh, storage);
    current = fresh;
    return { config: fresh, source: "network", cancel };
  } catch (error) {
    const georestricted = error instanceof ConfigFetchError && error.status === GEORESTRICTED_STATUS;
    const target = georestricted ? UNAVAILABLE_PATH : CONFIG_UNAVAILABLE_PATH;
    const [targetPath] = target.split("?");
    if (options.pathname !== withBase(basePath, targetPath!)) options.navigate(withBase(basePath, target));
    return { config: null, source: "unavailable", cancel };
  }
}
