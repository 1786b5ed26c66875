// Each language's translations as one file of the client build, `assets/translations-<language>-<hash>.json`:
// the page names its language's file and the browser reads it before hydrating (app/i18n/client.ts), from its
// cache after the first visit. In the page itself the same data was 58 % of a guest's `/issues` and 61 % of
// the bytes sent, on every page (decision 0033). `virtual:keel/translation-files` gives the server each
// language's address; the content's hash in the name keeps an old page from reading a new version's texts.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { LANGUAGES, NAMESPACES, type Language } from "./languages.ts";

export const TRANSLATION_FILES_MODULE = "virtual:keel/translation-files";
const RESOLVED = `\0${TRANSLATION_FILES_MODULE}`;
const LOCALES = path.resolve(import.meta.dirname, "../../locales");
/** The development server's address of a language's file (no build, no hash). */
const DEV_PATH = "/@keel/translations/";

/** The file's content: the shape of the page's old data block, `{ language, resources }`. */
export function translationFileText(language: Language): string {
  const resources = Object.fromEntries(
    NAMESPACES.map((ns) => [
      ns,
      JSON.parse(readFileSync(path.join(LOCALES, language, `${ns}.json`), "utf8")),
    ]),
  );
  return JSON.stringify({ language, resources });
}

function fileName(language: Language, text: string): string {
  const hash = createHash("sha256").update(text).digest("base64url").slice(0, 10);
  return `assets/translations-${language}-${hash}.json`;
}

export function translationFiles(): Plugin {
  let base = "/";
  let serving = false;
  return {
    name: "keel-translation-files",
    configResolved(config) {
      base = config.base;
      serving = config.command === "serve";
    },
    resolveId(id) {
      return id === TRANSLATION_FILES_MODULE ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      const hrefs: Record<string, string> = {};
      for (const language of LANGUAGES) {
        hrefs[language] = serving
          ? `${DEV_PATH}${language}.json`
          : `${base}${fileName(language, translationFileText(language))}`;
        for (const ns of NAMESPACES) this.addWatchFile(path.join(LOCALES, language, `${ns}.json`));
      }
      return `export default ${JSON.stringify(hrefs)};`;
    },
    // The browser's build writes the files, whether or not its code imports the module (only the server's does).
    generateBundle() {
      if (serving || this.environment.name !== "client") return;
      for (const language of LANGUAGES) {
        const text = translationFileText(language);
        this.emitFile({ type: "asset", fileName: fileName(language, text), source: text });
      }
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (req, res, next) => {
        const language = LANGUAGES.find((lng) => req.url === `/${lng}.json`);
        if (req.method !== "GET" || !language) return next();
        res.setHeader("Content-Type", "application/json; charset=utf-8");
        res.setHeader("Cache-Control", "no-cache");
        res.end(translationFileText(language));
      });
    },
  };
}
