/** A person's initials: the first letters of their name's first and last words, in the name's own script. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word: string | undefined) => (word ? (Array.from(word)[0] ?? "") : "");
  const initials = words.length > 1 ? first(words[0]) + first(words.at(-1)) : first(words[0]);
  return initials.toLocaleUpperCase() || "?";
}

/** A round badge with a person's initials, beside their name (which says who it is to assistive technology). */
export function Avatar({ name }: { name: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

export function Person({ name }: { name: string }) {
  return (
    <span className="person">
      <Avatar name={name} />
      <bdi>{name}</bdi>
    </span>
  );
}
