import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
import { expect, test } from "vitest";
import { createI18n, renderingView } from "./instance.ts";
import { ALL_RESOURCES } from "./resources.server.ts";

function Labels() {
  const { t, i18n } = useTranslation("shell");
  return createElement("p", { lang: i18n.language }, `${t("nav.issues")}|${t("errors:csrfRefused")}`);
}

test("keys name their namespace and path with the separators given, not guessed per lookup", () => {
  const instance = createI18n("de", { de: ALL_RESOURCES.de, en: ALL_RESOURCES.en });
  // With separators of its own, i18next does not test each key for natural language first.
  expect(instance.options.userDefinedNsSeparator).toBe(":");
  expect(instance.options.userDefinedKeySeparator).toBe(".");
  expect(instance.t("nav.issues", { ns: "shell" })).toBe(ALL_RESOURCES.de.shell.nav.issues);
  expect(instance.t("errors:csrfRefused")).toBe(ALL_RESOURCES.de.errors.csrfRefused);
});

test("a render's view of the instance has no properties of its own and translates as the instance does", () => {
  const instance = createI18n("de", { de: ALL_RESOURCES.de, en: ALL_RESOURCES.en });
  const view = renderingView(instance);
  // react-i18next copies a provided instance's own properties once per component: none to copy here.
  expect(Object.getOwnPropertyNames(view)).toEqual([]);
  const html = renderToString(
    createElement(I18nextProvider, { i18n: view }, createElement(Labels), createElement(Labels)),
  );
  const expected = `<p lang="de">${ALL_RESOURCES.de.shell.nav.issues}|${ALL_RESOURCES.de.errors.csrfRefused}</p>`;
  expect(html.replaceAll("&quot;", '"').replaceAll("&#x27;", "'")).toBe(`${expected}${expected}`);
  // A language change on the instance shows through the view.
  void instance.changeLanguage("en");
  expect(view.language).toBe("en");
  expect(view.t("nav.issues", { ns: "shell" })).toBe("Issues");
});
