import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { ShortcutsView } from "./help-panel.tsx";

function renderFor(language: string): string {
  const router = createMemoryRouter(
    [{ id: "root", path: "/", element: <ShortcutsView os="windows" query="agile" all={false} /> }],
    {
      hydrationData: {
        loaderData: { root: { user: { profiles: { general: { locale: { language, locale: language } } } } } },
      },
    },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const keys = (html: string) => [...html.matchAll(/<kbd>([^<]+)<\/kbd>/g)].map((m) => m[1]);

test("the shortcuts listed follow the user's keyboard: the default set for English", () => {
  expect(keys(renderFor("en"))).toEqual(["Alt", "G"]);
});

test("Russian users see the slavic strokes", () => {
  expect(keys(renderFor("ru"))).toEqual(["Ctrl", "Alt", "G"]);
});
