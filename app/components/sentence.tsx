import { Fragment, type ReactNode } from "react";

/** Marks the place of an element in a translated text: `t(key, { name: slot("name") })`. */
export const slot = (name: string): string => `\u2063${name}\u2063`;

/**
 * A translated sentence with elements in it, without react-i18next's Trans (which first pages need not
 * load). People's names go in as slots, never into the text, so they cannot read as tags.
 */
export function Sentence({ text, slots }: { text: string; slots: Record<string, ReactNode> }) {
  const pieces = text.split(/\u2063(\w+)\u2063|<(\w+)>([^<]*)<\/\2>/);
  const out: ReactNode[] = [];
  for (let i = 0; i < pieces.length; i += 4) {
    if (pieces[i]) out.push(pieces[i]);
    const name = pieces[i + 1] ?? pieces[i + 2];
    if (name === undefined) continue;
    // A tag no slot fills keeps its text.
    out.push(name in slots ? <Fragment key={i}>{slots[name]}</Fragment> : (pieces[i + 3] ?? ""));
  }
  return <>{out}</>;
}
