// Heading anchors: stable (the same text always gives the same slug), unique within a page, and
// Unicode-aware (letters and digits of every script are kept, not transliterated or dropped).

const MAX_SLUG_LENGTH = 80;

/** The slug of one heading's text, before de-duplication. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFC")
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-")
    .slice(0, MAX_SLUG_LENGTH);
  return slug || "section";
}

/** Gives each heading of one document its own slug; `reserved` ids of the page around it are avoided. */
export function createSlugger(reserved: Iterable<string> = []) {
  const taken = new Set(reserved);
  // The next suffix to try per base, so that many equal headings stay linear.
  const suffixes = new Map<string, number>();
  return (text: string): string => {
    const base = slugify(text);
    let slug = base;
    if (taken.has(slug)) {
      let n = suffixes.get(base) ?? 1;
      while (taken.has(`${base}-${n}`)) n++;
      slug = `${base}-${n}`;
      suffixes.set(base, n + 1);
    }
    taken.add(slug);
    return slug;
  };
}
