// The Cookie header as the shell and the backend both read it.
import { parse } from "cookie-es";

/** One cookie's value from a Cookie header, decoded; undefined when absent or undecodable. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  const raw = parse(header ?? "", { decode: (value) => value })[name];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
