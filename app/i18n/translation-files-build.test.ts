import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { LANGUAGES, NAMESPACES } from "./languages.ts";
import {
  TRANSLATION_FILES_MODULE,
  translationFileText,
  translationFiles,
} from "./translation-files-build.ts";

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: ReturnType<typeof translationFiles>, name: string) =>
  (plugin as unknown as Record<string, Hook>)[name]!;

/** The plugin as Vite runs it in a build: the map the server imports and the files the browser's build writes. */
function build(base = "/") {
  const plugin = translationFiles();
  hook(plugin, "configResolved").call(null, { base, command: "build" });
  const id = hook(plugin, "resolveId").call(null, TRANSLATION_FILES_MODULE) as string;
  const code = hook(plugin, "load").call({ addWatchFile: () => {} }, id) as string;
  const hrefs = JSON.parse(code.replace(/^export default /, "").replace(/;$/, "")) as Record<string, string>;
  const emitted: { fileName: string; source: string }[] = [];
  const emit = (environment: string) =>
    hook(plugin, "generateBundle").call({
      environment: { name: environment },
      emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
    });
  emit("ssr");
  const serverEmitted = emitted.length;
  emit("client");
  return { hrefs, emitted, serverEmitted };
}

test("a language's file holds every namespace of its catalogue, as the page's block did", () => {
  const file = JSON.parse(translationFileText("he")) as {
    language: string;
    resources: Record<string, unknown>;
  };
  expect(file.language).toBe("he");
  expect(Object.keys(file.resources)).toEqual([...NAMESPACES]);
  for (const ns of NAMESPACES) {
    expect(file.resources[ns]).toEqual(JSON.parse(readFileSync(`locales/he/${ns}.json`, "utf8")));
  }
});

test("the server's addresses are the files the browser's build writes, one per language, named by content", () => {
  const { hrefs, emitted, serverEmitted } = build();
  expect(serverEmitted).toBe(0);
  expect(Object.keys(hrefs).sort()).toEqual([...LANGUAGES].sort());
  expect(emitted.map((file) => `/${file.fileName}`).sort()).toEqual(Object.values(hrefs).sort());
  for (const language of LANGUAGES) {
    expect(hrefs[language]).toMatch(new RegExp(`^/assets/translations-${language}-[\\w-]{10}\\.json$`));
    const file = emitted.find((f) => `/${f.fileName}` === hrefs[language])!;
    expect(file.source).toBe(translationFileText(language));
  }
  // The same texts, the same names: two builds agree; and each language has a name of its own.
  expect(build().hrefs).toEqual(hrefs);
  expect(new Set(Object.values(hrefs)).size).toBe(LANGUAGES.length);
});

test("a base path prefixes the addresses", () => {
  expect(build("/keel/").hrefs.en).toMatch(/^\/keel\/assets\/translations-en-/);
});
