import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { WithI18n } from "#tests/helpers/i18n.tsx";
import type { Language } from "../i18n/languages.ts";
import { ShortcutsView } from "./help-panel-body.tsx";

/** The shortcuts matching "agile" for a user whose keyboard language is `language`, in the interface `ui`. */
function renderFor(language: string, { ui = "en", query = "agile" }: { ui?: Language; query?: string } = {}) {
  const router = createMemoryRouter(
    [{ id: "root", path: "/", element: <ShortcutsView os="windows" query={query} all={false} /> }],
    {
      hydrationData: {
        loaderData: { root: { user: { profiles: { general: { locale: { language, locale: language } } } } } },
      },
    },
  );
  return renderToStaticMarkup(
    <WithI18n language={ui}>
      <RouterProvider router={router} />
    </WithI18n>,
  );
}

const keys = (html: string) => [...html.matchAll(/<kbd>([^<]+)<\/kbd>/g)].map((m) => m[1]);
const names = (html: string) => [...html.matchAll(/<dt>([^<]+)<\/dt>/g)].map((m) => m[1]);

test("the shortcuts listed follow the user's keyboard: the default set for English", () => {
  expect(keys(renderFor("en"))).toEqual(["Alt", "G"]);
});

test("Russian users see the slavic strokes", () => {
  expect(keys(renderFor("ru"))).toEqual(["Ctrl", "Alt", "G"]);
});

test("shortcuts are named, searched and keyed in the interface language", () => {
  const english = renderFor("en", { query: "agile" });
  expect(names(english)).toEqual(["Go to agile boards"]);
  expect(english).toContain("Search shortcuts");

  // The German search finds the German name; the English word no longer matches.
  const german = renderFor("de", { ui: "de", query: "Agile" });
  expect(names(german)).toEqual(["Zu den Agile-Boards"]);
  expect(german).toContain("Tastenkombinationen durchsuchen");
  expect(renderFor("de", { ui: "de", query: "Kommentar" })).toContain("<kbd>Alt</kbd><kbd>C</kbd>");
  expect(keys(renderFor("ru", { ui: "de", query: "Agile" }))).toEqual(["Strg", "Alt", "G"]);
});

test("a search without a match says so in the interface language", () => {
  expect(renderFor("en", { query: "zzz" })).toContain("No shortcut matches “zzz”.");
  expect(renderFor("fr", { ui: "fr", query: "zzz" })).toContain(
    "Aucun raccourci ne correspond à «\u00a0zzz\u00a0».",
  );
});
