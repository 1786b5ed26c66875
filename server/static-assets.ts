// The browser's files: compressed once when they are built (precompressAssets, a Vite plugin) and sent
// as they are, ahead of the session and the pages' middleware (staticAssets). Compressing each file for
// each request cost the server more than the page it belonged to, and the best levels, too slow per
// request, make the first scripts about a fifth smaller than the per-request brotli did.
import { readdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import type { Plugin } from "vite";
import { SERVICE_WORKER_PATH } from "#app/offline/sw-policy.ts";

/** What is worth compressing: text, above the size a compressed file's own overhead eats up. */
const COMPRESSIBLE = /\.(?:js|css|svg|json|map)$/;
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each of the client build's assets. */
export function precompressAssets(): Plugin {
  return {
    name: "keel-precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter(
        (name) => name.startsWith("assets/") && COMPRESSIBLE.test(name),
      );
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const source = await readFile(file);
          if (source.byteLength < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
              },
            }),
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The names at the top of the client build (`favicon.svg`, `icons`, …), or none if it is not there. */
function topLevelNames(clientDir: string): Set<string> {
  try {
    return new Set(readdirSync(clientDir));
  } catch {
    return new Set();
  }
}

/**
 * The client build's files: fingerprinted assets cached for a year and never revalidated, sent
 * precompressed when the browser accepts brotli or gzip; the service worker checked on every visit;
 * the rest (icons) for an hour. Only a path under one of the build's own top-level names is looked up on
 * disk: a page or an API call is not a file, and asking the file system for each cost /api/config a
 * sixth of its time. The build does not change under a running server.
 */
export function staticAssets(clientDir: string): express.Router {
  const assets = expressStaticGzip(path.join(clientDir, "assets"), {
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader("Cache-Control", "public, max-age=31536000, immutable"),
    },
  }) as RequestHandler;
  const router = express.Router();
  router.use("/assets", assets);
  router.get(SERVICE_WORKER_PATH, (_req, res, next) => {
    const headers = { "Cache-Control": "no-cache", "Content-Type": "text/javascript; charset=utf-8" };
    res.sendFile(SERVICE_WORKER_PATH.slice(1), { root: clientDir, headers, cacheControl: false }, (error) => {
      if (error && !res.headersSent) next();
    });
  });
  const files = express.static(clientDir, {
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader("Cache-Control", "public, max-age=3600"),
  });
  const names = topLevelNames(clientDir);
  router.use((req, res, next) => {
    const end = req.path.indexOf("/", 1);
    const first = req.path.slice(1, end < 0 ? undefined : end);
    if (names.has(first) || names.has(decoded(first))) files(req, res, next);
    else next();
  });
  return router;
}
