// The browser's local storage as the shell reaches it: given, or the page's own, or none where it is disabled.
// Without zod, so that the first scripts can write to it (config-cache.ts); the catalogue of keys and their
// schemas is local-storage.ts.

/** The part of the Web Storage API the shell uses; `localStorage` satisfies it. */
export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** `storage` when given (null: none), else the page's `localStorage`, or null where reading it throws. */
export function resolveStorage(storage: StorageLike | null | undefined): StorageLike | null {
  if (storage !== undefined) return storage;
  // Reading `localStorage` itself throws where storage is disabled (e.g. blocked cookies).
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
