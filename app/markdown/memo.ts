// A small bounded cache for the renderer's pure, costly steps (sanitising, KaTeX): the same text is
// rendered again on every view of a page, and a Map keeps insertion order, which makes it an LRU.

export interface Memo<V> {
  get(key: string, compute: () => V): V;
  readonly size: number;
}

/** At most `maxEntries` entries and about `maxChars` characters of keys and string values. */
export function createMemo<V>(maxEntries: number, maxChars: number): Memo<V> {
  const entries = new Map<string, V>();
  let chars = 0;
  const weight = (key: string, value: V) => key.length + (typeof value === "string" ? value.length : 0);
  return {
    get(key, compute) {
      const hit = entries.get(key);
      if (hit !== undefined) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const value = compute();
      const size = weight(key, value);
      if (size > maxChars / 4) return value;
      entries.set(key, value);
      chars += size;
      for (const [oldKey, oldValue] of entries) {
        if (entries.size <= maxEntries && chars <= maxChars) break;
        entries.delete(oldKey);
        chars -= weight(oldKey, oldValue);
      }
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
