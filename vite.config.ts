import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { translationFiles } from "./app/i18n/translation-files-build.ts";
import { serviceWorker } from "./app/offline/service-worker-build.ts";
import { precompressAssets } from "./server/static-assets.ts";

/**
 * The libraries every page starts with whole, in one chunk: gzipped one file at a time, several chunks of them
 * compress worse than one. Libraries that pages use only in part (react-i18next, zod) keep their own
 * splitting, so what loads later stays out.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next)[\\/]/;

/**
 * What every page loads before it is interactive, beside the framework: the client entry and the root route
 * with everything they import statically. One chunk for all of it instead of one file per shared module
 * (`/issues` loaded 34 files first, now 11; 4 KiB less gzip: docs/benchmarks.md). It carries nothing a page
 * did not load before: every module it captures is imported statically from the entry or the root.
 * Libraries stay out of the group: a library's index imports all of its modules, and a module in the group
 * carries all of its code that any chunk uses (react-i18next's Trans, which only the sign-in page renders,
 * with its HTML parser: 4 KiB). Left to the bundler, what the first scripts use of them still joins `start`.
 */
function firstScripts(): { plugin: Plugin; test: (id: string) => boolean } {
  let closure = new Set<string>();
  const roots = ["app/entry.client.tsx", "app/root.tsx"];
  return {
    plugin: {
      name: "keel:first-scripts",
      applyToEnvironment: (environment) => environment.name === "client",
      buildEnd() {
        const ids = [...this.getModuleIds()];
        const pending = ids.filter((id) => roots.some((root) => id.split("?")[0]!.endsWith(`/${root}`)));
        closure = new Set();
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (closure.has(id)) continue;
          closure.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      },
    },
    test: (id) => closure.has(id) && !/[\\/]node_modules[\\/]/.test(id),
  };
}
const start = firstScripts();

export default defineConfig({
  plugins: [reactRouter(), serviceWorker(), translationFiles(), precompressAssets(), start.plugin],
  resolve: {
    alias: {
      "use-sync-external-store/shim": fileURLToPath(
        new URL("app/lib/use-sync-external-store-shim.ts", import.meta.url),
      ),
    },
  },
  build: {
    target: "es2023",
    // The only chunks above Vite's default 500 kB are the diagram engine's (mermaid and its elk layout),
    // which a page loads on demand when it shows a diagram; what a page loads first is kept small by
    // tests/e2e/budget.spec.ts. Anything larger than the diagram engine still warns.
    chunkSizeWarningLimit: 1600,
    // Rolldown's notice of slow plugins times callbacks including what they await: on a busy machine it fires
    // for React Router's route modules without anything in the build being slow.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  environments: {
    // The server build imports the contract where it lies, as the server and the mock do: one copy of its
    // schemas in the process, built once at start-up (docs/benchmarks.md, Cold start).
    ssr: {
      build: {
        rolldownOptions: {
          external: [/^#contract\//],
          // The server renders the parts the browser loads lazily at once (app/shell/deferred-parts.tsx): its
          // entry imports them statically, which makes the root's dynamic imports of them ineffective there,
          // as meant. The browser's build still warns.
          checks: { ineffectiveDynamicImport: false },
        },
      },
    },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                { name: "start", test: start.test, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
