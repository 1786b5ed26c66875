import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
import { expect, test } from "vitest";
import { createI18n, renderingView } from "./instance.ts";
import { allResources } from "./resources.server.ts";

const ALL_RESOURCES = await allResources();

// Keys as text, as the lookups under test take them, whatever the typed keys allow.
type LooseT = (key: string, options?: { ns?: string }) => string;
const german = (ns: string, key: string) => String(testInstance().getResource("de", ns, key));
const testInstance = () => createI18n("de", { de: ALL_RESOURCES.de, en: ALL_RESOURCES.en });

function Labels() {
  const { t: typed, i18n } = useTranslation("shell");
  const t = typed as unknown as LooseT;
  return createElement("p", { lang: i18n.language }, `${t("nav.issues")}|${t("errors:csrfRefused")}`);
}

test("keys name their namespace and path with the separators given, not guessed per lookup", () => {
  const instance = testInstance();
  const t = instance.t as unknown as LooseT;
  // With separators of its own, i18next does not test each key for natural language first.
  const options = instance.options as { userDefinedNsSeparator?: string; userDefinedKeySeparator?: string };
  expect(options.userDefinedNsSeparator).toBe(":");
  expect(options.userDefinedKeySeparator).toBe(".");
  expect(t("nav.issues", { ns: "shell" })).toBe(german("shell", "nav.issues"));
  expect(t("errors:csrfRefused")).toBe(german("errors", "csrfRefused"));
  expect(german("shell", "nav.issues")).toBe("Vorgänge");
});

test("a render's view of the instance has no properties of its own and translates as the instance does", () => {
  const instance = testInstance();
  const view = renderingView(instance);
  // react-i18next copies a provided instance's own properties once per component: none to copy here.
  expect(Object.getOwnPropertyNames(view)).toEqual([]);
  const html = renderToString(
    createElement(I18nextProvider, { i18n: view }, createElement(Labels), createElement(Labels)),
  );
  const expected = `<p lang="de">${german("shell", "nav.issues")}|${german("errors", "csrfRefused")}</p>`;
  expect(html.replaceAll("&quot;", '"').replaceAll("&#x27;", "'")).toBe(`${expected}${expected}`);
  // A language change on the instance shows through the view.
  void instance.changeLanguage("en");
  expect(view.language).toBe("en");
  expect((view.t as unknown as LooseT)("nav.issues", { ns: "shell" })).toBe("Issues");
});
