import { expect, test } from "vitest";
import { LANGUAGES } from "../i18n/languages.ts";
import { languageOfQuery, offlinePageHtml, webAppManifest } from "./offline-documents.server.ts";
import { cachePartitionOf } from "./cache-partition.server.ts";
import { partitionOf } from "./sw-policy.ts";

test("the manifest's name is in the language asked for; unknown languages get English", async () => {
  expect((await webAppManifest("en")).name).toBe("Keel: issues and knowledge base");
  expect((await webAppManifest("ja")).name).toBe("Keel: 課題とナレッジベース");
  expect(await webAppManifest("he")).toMatchObject({ dir: "rtl", lang: "he" });
  expect(languageOfQuery(new URL("https://k.example/manifest.webmanifest?lng=xx"))).toBe("en");
  expect(languageOfQuery(new URL("https://k.example/offline?lng=de"))).toBe("de");
});

test("every language has its own offline page, escaped, without scripts", async () => {
  const english = await offlinePageHtml("en");
  for (const language of LANGUAGES) {
    const page = await offlinePageHtml(language);
    expect(page).toContain(`<html lang="${language}"`);
    expect(page).not.toMatch(/<script/i);
    if (language !== "en") expect(page, language).not.toBe(english);
  }
  expect(await offlinePageHtml("he")).toContain('dir="rtl"');
});

test("a user's cache partition is a stable hash the worker accepts, never the id itself", () => {
  const partition = cachePartitionOf("1-5");
  expect(partition).toBe(cachePartitionOf("1-5"));
  expect(partition).not.toBe(cachePartitionOf("1-6"));
  expect(partition).not.toContain("1-5");
  expect(partitionOf(partition)).toBe(partition);
});
