import { expect, test } from "vitest";
import { freshNonce } from "./security.ts";

test("nonces are 128 random bits each, never the same twice, across many draws", () => {
  const nonces = Array.from({ length: 2_000 }, freshNonce);
  expect(new Set(nonces).size).toBe(nonces.length);
  for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  // Not a counter or a zeroed buffer: the bits of the lot are about half ones.
  const bytes = Buffer.concat(nonces.map((nonce) => Buffer.from(nonce, "base64")));
  const bits = bytes.reduce((n, byte) => n + byte.toString(2).split("1").length - 1, 0);
  const total = nonces.length * 128;
  expect(bits / total).toBeGreaterThan(0.48);
  expect(bits / total).toBeLessThan(0.52);
});
