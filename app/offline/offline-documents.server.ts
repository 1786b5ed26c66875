// The web app manifest and the offline page: nothing personal, in the language asked for.
import { BACKGROUND_COLOR, THEME_COLOR } from "./app-colors.ts";
import { escapeHtml } from "../markdown/highlight.ts";
import { createI18n } from "../i18n/instance.ts";
import { directionOf, FALLBACK_LANGUAGE, toLanguage, type Language } from "../i18n/languages.ts";
import { ENGLISH, resourcesOf } from "../i18n/resources.server.ts";

/** The `lng` parameter's language, else English: these documents are fetched without cookies. */
export function languageOfQuery(url: URL): Language {
  return toLanguage(url.searchParams.get("lng")) ?? FALLBACK_LANGUAGE;
}

async function translator(language: Language) {
  return createI18n(language, { [language]: await resourcesOf(language), en: ENGLISH }).getFixedT(
    language,
    "shell",
  );
}

export async function webAppManifest(language: Language) {
  const t = await translator(language);
  return {
    id: "/",
    name: t("manifest.name"),
    short_name: "Keel",
    lang: language,
    dir: directionOf(language),
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: "/icons/keel-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/keel-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/keel-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

/** A page without scripts (the service worker serves it with no network), styled inline like the shell. */
export async function offlinePageHtml(language: Language): Promise<string> {
  const t = await translator(language);
  const title = escapeHtml(t("offlinePage.title"));
  return `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title} · Keel</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: light-dark(#ffffff, #1e1f22); color: light-dark(#1b1d21, #dfe1e5); }
main { max-width: 32rem; padding: 2rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
a { color: light-dark(#1f5bd8, #6ea1ff); }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${escapeHtml(t("offlinePage.text"))}</p>
<p><a href="">${escapeHtml(t("offlinePage.retry"))}</a></p>
</main>
</body>
</html>
`;
}
