// The offline cache behind readCache/storeCache: one IndexedDB entry per widget instance, emptied
// whenever the origin's storage use passes WIDGETS_CACHE_LIMIT_BYTES.
export const WIDGETS_CACHE_DB = "widgets-cache";
export const WIDGETS_CACHE_LIMIT_BYTES = 10_000_000;
const STORE = "entries";

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(WIDGETS_CACHE_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("widgets-cache cannot be opened"));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error("widgets-cache failed"));
    });
  } finally {
    db.close();
  }
}

/** Empties the cache when storage use is over the limit; true when it did. */
export async function trimWidgetsCache(
  estimate: () => Promise<StorageEstimate> = () => navigator.storage.estimate(),
): Promise<boolean> {
  const { usage = 0 } = await estimate().catch(() => ({ usage: 0 }));
  if (usage <= WIDGETS_CACHE_LIMIT_BYTES) return false;
  await run("readwrite", (store) => store.clear());
  return true;
}

export async function readWidgetCache(key: string): Promise<unknown> {
  if (typeof indexedDB === "undefined") return null;
  const entry = await run<{ data: unknown } | undefined>("readonly", (store) => store.get(key));
  return entry?.data ?? null;
}

export async function storeWidgetCache(key: string, data: unknown): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  await trimWidgetsCache();
  await run("readwrite", (store) => store.put({ data, stored: Date.now() }, key));
}
