// A page names its language's translations file of the build instead of carrying the translations
// (app/i18n/translation-files-build.ts): the built server sends the file, cached for good and compressed.
import { afterAll, beforeAll, expect, test } from "vitest";
import { TRANSLATIONS_ID } from "#app/i18n/client.ts";
import { translationFileText } from "#app/i18n/translation-files-build.ts";
import { freshDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import { hasBuild, NO_BUILD_MESSAGE, startKeel, type KeelServer } from "#tests/helpers/keel-server.ts";

let database: TestDatabase;
let keel: KeelServer;

beforeAll(async () => {
  if (!hasBuild) throw new Error(`server/translation-files.test.ts: ${NO_BUILD_MESSAGE}`);
  database = freshDatabase();
  keel = await startKeel(database.db);
});
afterAll(async () => {
  await keel?.close();
  await database?.close();
});

test("a page names its language's file, which the server sends compressed and cached for good", async () => {
  const page = await keel.send("/issues");
  expect(page.status).toBe(200);
  const block = new RegExp(`<script[^>]*id="${TRANSLATIONS_ID}">([^<]*)</script>`).exec(page.text)?.[1];
  const { language, href, ...rest } = JSON.parse(block ?? "null") as Record<string, unknown>;
  expect(language).toBe("en");
  expect(rest).toEqual({});
  expect(href).toMatch(/^\/assets\/translations-en-[\w-]{10}\.json$/);
  // The texts are in the file, not in the page.
  expect(page.text).not.toContain('"resources"');
  // Asked for after the first paint with the first scripts, for fetch (app/lib/preloads-after-paint.server.ts).
  expect(page.text).not.toContain(`<link rel="preload" href="${String(href)}"`);
  expect(page.text).toContain(`"${String(href)}"`);

  // fetch takes the compressed answer apart; its headers still say how it came.
  const file = await fetch(`${keel.url}${String(href)}`, { headers: { "accept-encoding": "br" } });
  expect(file.status).toBe(200);
  expect(file.headers.get("content-encoding")).toBe("br");
  expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(file.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await file.text()).toBe(translationFileText("en"));
});
