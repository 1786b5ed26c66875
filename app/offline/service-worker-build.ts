// Builds the service worker on its own as one classic script at /sw.js, sharing no chunk with the pages.
import path from "node:path";
import { build, type Plugin, type Rolldown } from "vite";
import { SERVICE_WORKER_PATH } from "./sw-policy.ts";

const ENTRY = path.resolve(import.meta.dirname, "service-worker.ts");
const FILE_NAME = SERVICE_WORKER_PATH.slice(1);

async function bundle(outDir: string | null): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: "warn",
    // Libraries' development checks read it; a worker has no `process`.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      target: "es2023",
      outDir: outDir ?? "build/.service-worker",
      emptyOutDir: false,
      write: outDir !== null,
      copyPublicDir: false,
      minify: true,
      rolldownOptions: {
        // React Router's "use client" means nothing in a worker.
        onwarn(warning, warn) {
          if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
        },
      },
      lib: { entry: ENTRY, formats: ["iife"], name: "keelServiceWorker", fileName: () => FILE_NAME },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === "chunk");
  if (!chunk) throw new Error("the service worker's build produced no script");
  return chunk.code;
}

export function serviceWorker(): Plugin {
  return {
    name: "keel-service-worker",
    configureServer(server) {
      server.middlewares.use(SERVICE_WORKER_PATH, (req, res, next) => {
        if (req.method !== "GET") return next();
        bundle(null).then((code) => {
          res.setHeader("Content-Type", "text/javascript; charset=utf-8");
          res.setHeader("Cache-Control", "no-cache");
          res.end(code);
        }, next);
      });
    },
    async writeBundle(options) {
      if (this.environment.name !== "client" || !options.dir) return;
      await bundle(options.dir);
    },
  };
}
