/** JSON for a `<script type="application/json">` data block: "<" escaped, so the text cannot close it. */
export function jsonForDataBlock(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
