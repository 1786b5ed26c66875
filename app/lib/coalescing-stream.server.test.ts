import { expect, test } from "vitest";
import { CoalescingStream } from "./coalescing-stream.server.ts";

function collect(stream: CoalescingStream): { chunks: string[]; ended: Promise<void> } {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  const ended = new Promise<void>((resolve) => stream.on("end", resolve));
  return { chunks, ended };
}
const turn = () => new Promise((resolve) => setImmediate(resolve));

test("the writes of one burst leave as one chunk, and a later burst as another", async () => {
  const stream = new CoalescingStream();
  const { chunks, ended } = collect(stream);
  for (const piece of ["<html>", "<head>", "</head>", "<body>"]) stream.write(Buffer.from(piece));
  await turn();
  await turn();
  expect(chunks).toEqual(["<html><head></head><body>"]);
  // A streamed part (a resolved Suspense boundary) is not held back until the end.
  stream.write(Buffer.from("<p>late</p>"));
  await turn();
  await turn();
  expect(chunks).toEqual(["<html><head></head><body>", "<p>late</p>"]);
  stream.end(Buffer.from("</body></html>"));
  await ended;
  expect(chunks.join("")).toBe("<html><head></head><body><p>late</p></body></html>");
});

test("a large burst is released without waiting, and the end runs the final callback", async () => {
  let finals = 0;
  const stream = new CoalescingStream(() => finals++);
  const { chunks, ended } = collect(stream);
  const piece = Buffer.alloc(2048, "a");
  for (let i = 0; i < 40; i++) stream.write(piece);
  // 64 KiB reached after 32 pieces: that much is out before the burst ends.
  await Promise.resolve();
  expect(chunks.map((c) => c.length)).toEqual([65536]);
  stream.end();
  await ended;
  expect(chunks.map((c) => c.length)).toEqual([65536, 8 * 2048]);
  expect(finals).toBe(1);
});
