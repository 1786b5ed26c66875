import fs, { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { precompressAssets, staticAssets } from "./static-assets.ts";

const script = `export const words = ${JSON.stringify("a compressible sentence, ".repeat(200))};\n`;
let clientDir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), "keel-static-"));
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "assets/page-abc123.js"), script);
  writeFileSync(path.join(clientDir, "assets/tiny-abc123.js"), "export {};\n");
  writeFileSync(path.join(clientDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  // As Vite calls it once the client build is written.
  const plugin = precompressAssets();
  const writeBundle = plugin.writeBundle as (options: { dir: string }, bundle: object) => Promise<void>;
  await writeBundle({ dir: clientDir }, { "assets/page-abc123.js": {}, "assets/tiny-abc123.js": {} });
  const app = express();
  app.use(staticAssets(clientDir));
  app.use((_req, res) => void res.status(404).send("the pages"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The raw answer: fetch would decode the body it is testing. */
function get(target: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(`${base}${target}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject);
    },
  );
}

test("the build writes brotli and gzip beside each asset worth compressing", () => {
  expect(readdirSync(path.join(clientDir, "assets")).sort()).toEqual([
    "page-abc123.js",
    "page-abc123.js.br",
    "page-abc123.js.gz",
    "tiny-abc123.js",
  ]);
});

test("an asset goes out in the best encoding the browser accepts, as built, cached for a year", async () => {
  const brotli = await get("/assets/page-abc123.js", "gzip, deflate, br");
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(script);
  expect(brotli.body.byteLength).toBeLessThan(script.length / 10);
  expect(brotli.headers["content-type"]).toMatch(/^text\/javascript/);
  expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(brotli.headers.vary).toMatch(/accept-encoding/i);

  const gzip = await get("/assets/page-abc123.js", "gzip");
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);

  const plain = await get("/assets/page-abc123.js", "identity");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.toString()).toBe(script);

  const tiny = await get("/assets/tiny-abc123.js", "br");
  expect(tiny.headers["content-encoding"]).toBeUndefined();
  expect(tiny.body.toString()).toBe("export {};\n");
});

test("other files are cached for an hour, and what is not a file goes on to the pages", async () => {
  expect((await get("/favicon.svg", "br")).headers["cache-control"]).toBe("public, max-age=3600");
  const missing = await get("/assets/no-such-file.js", "br");
  expect(missing.status).toBe(404);
  expect(missing.body.toString()).toBe("the pages");
});

test("only paths under the build's own names are looked up on disk; pages and API calls are not", async () => {
  const stat = vi.spyOn(fs, "stat");
  try {
    for (const page of ["/issues", "/api/config?fields=version", "/favicon.svg.bak", "/icons"]) {
      const answer = await get(page, "br");
      expect(answer.body.toString(), page).toBe("the pages");
    }
    expect(stat).not.toHaveBeenCalled();
    expect((await get("/favicon.svg", "br")).status).toBe(200);
    expect((await get("/favicon%2Esvg", "br")).status).toBe(200);
    expect(stat).toHaveBeenCalled();
  } finally {
    stat.mockRestore();
  }
});
