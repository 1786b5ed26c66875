import { expect, test, vi } from "vitest";
import { i18nFromPage, TRANSLATIONS_ID } from "./client.ts";

const HREF = "/assets/translations-de-abcdefghij.json";
const FILE = { language: "de", resources: { shell: { nav: { issues: "Tickets" } } } };

function page(block: unknown): Document {
  const text = typeof block === "string" ? block : JSON.stringify(block);
  return {
    getElementById: (id: string) => (id === TRANSLATIONS_ID ? { textContent: text } : null),
  } as unknown as Document;
}
const answer = (body: unknown, status = 200) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), { status });

test("the browser starts i18next from the file the page names", async () => {
  const load = vi.fn(async () => answer(FILE));
  const i18n = await i18nFromPage(page({ language: "de", href: HREF }), load);
  expect(load).toHaveBeenCalledWith(HREF);
  expect(i18n.language).toBe("de");
  expect(i18n.t("shell:nav.issues")).toBe("Tickets");
});

test("a file that fails to load is asked for once more", async () => {
  const load = vi
    .fn<typeof fetch>()
    .mockRejectedValueOnce(new TypeError("network"))
    .mockResolvedValueOnce(answer(FILE));
  const i18n = await i18nFromPage(page({ language: "de", href: HREF }), load);
  expect(load).toHaveBeenCalledTimes(2);
  expect(i18n.t("shell:nav.issues")).toBe("Tickets");
});

test("twice failing, another language's file, an error page or no block: no i18next, so no hydration", async () => {
  const block = page({ language: "de", href: HREF });
  await expect(i18nFromPage(block, async () => answer("<h1>Not found</h1>", 404))).rejects.toThrow();
  await expect(
    i18nFromPage(block, async () => answer({ language: "fr", resources: FILE.resources })),
  ).rejects.toThrow(HREF);
  await expect(i18nFromPage(block, async () => answer({ language: "de" }))).rejects.toThrow(HREF);
  await expect(i18nFromPage(page(""), async () => answer(FILE))).rejects.toThrow();
});
