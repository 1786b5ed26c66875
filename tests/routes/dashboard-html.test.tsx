// The dashboard as the server renders it, which is all a browser without scripts gets: every change is a
// form of its own, posting exactly the change.
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { WithI18n } from "../helpers/i18n.tsx";
import type { DashboardTile } from "#contract/api.ts";
import { TEAM_PULSE } from "../helpers/hosted-widgets.ts";
import Dashboard from "#app/routes/dashboard/dashboard.tsx";

const tile = (id: string, extra: Partial<DashboardTile> = {}): DashboardTile => ({
  id,
  appName: "team-pulse",
  widgetKey: "pulse",
  width: 50,
  height: 1,
  collapsed: false,
  ...extra,
});

function render(tiles: DashboardTile[], path = "/dashboard"): string {
  const loaderData = {
    title: "Dashboards",
    signedIn: true,
    me: { id: "1-2", login: "alice", name: "Alice Member", avatarUrl: null },
    tiles,
    widgets: [TEAM_PULSE],
  };
  const Page = Dashboard as unknown as (props: { loaderData: typeof loaderData }) => React.ReactNode;
  const router = createMemoryRouter([{ path: "/dashboard", element: <Page loaderData={loaderData} /> }], {
    initialEntries: [path],
  });
  return renderToString(
    <WithI18n>
      <RouterProvider router={router} />
    </WithI18n>,
  );
}

/** The hidden fields of each form in `html`, in order. */
function forms(html: string): Record<string, string>[] {
  return [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)].map(([, body]) => {
    const fields: Record<string, string> = {};
    for (const [, name, value] of (body ?? "").matchAll(
      /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
    )) {
      if (name && name !== "csrf") fields[name] = value ?? "";
    }
    return fields;
  });
}

test("each tile's buttons are forms that post its change: absolute positions and sizes", () => {
  const html = render([tile("a"), tile("b", { width: 100, height: 20, collapsed: true })]);
  const posted = forms(html);
  expect(posted).toContainEqual({ intent: "move", id: "a", position: "1" });
  expect(posted).toContainEqual({ intent: "resize", id: "a", width: "60", height: "1" });
  expect(posted).toContainEqual({ intent: "resize", id: "a", width: "40", height: "1" });
  expect(posted).toContainEqual({ intent: "resize", id: "a", width: "50", height: "2" });
  expect(posted).toContainEqual({ intent: "collapse", id: "a", collapsed: "true" });
  expect(posted).toContainEqual({ intent: "remove", id: "a" });
  expect(posted).toContainEqual({ intent: "move", id: "b", position: "0" });
  expect(posted).toContainEqual({ intent: "collapse", id: "b", collapsed: "false" });
  expect(html).toMatch(/<form class="dashboard-tile-form" action="\/dashboard" method="post"/);
});

test("tiles carry their size and place; a collapsed tile hides its widget; the edges cannot be passed", () => {
  const html = render([tile("a", { width: 10 }), tile("b", { width: 100, height: 20, collapsed: true })]);
  expect(html).toContain('aria-posinset="1" aria-setsize="2" data-tile-id="a" data-width="10"');
  expect(html).toMatch(/style="order:0;--tile-width:10%;--tile-height:160px"/);
  expect(html).toMatch(/style="order:1;--tile-width:100%;--tile-height:1600px"/);
  // The first tile earlier, the last later, 10 % narrower, 100 % wider, 1 step shorter, 20 taller: marked,
  // and without scripts disabled; their forms post the tile as it is.
  expect(html.match(/disabled="" aria-disabled="true"/g)).toHaveLength(6);
  expect(forms(html)).toContainEqual({ intent: "move", id: "a", position: "0" });
  expect(forms(html)).toContainEqual({ intent: "move", id: "b", position: "1" });
  expect(html).toMatch(/class="dashboard-tile-body" hidden=""/);
  expect(html).toContain('aria-expanded="false"');
});

test("without scripts a tile's changes sit in its one menu, a disclosure named after it; no handle, no edges", () => {
  const html = render([tile("a")]);
  expect(html.match(/<details class="dashboard-tile-menu">/g)).toHaveLength(1);
  expect(html).toContain('<summary class="dashboard-tile-icon" aria-label="Actions for Team pulse">');
  // The forms are inside the disclosure, and the title is shown once.
  const menu = html.slice(html.indexOf("<details"), html.indexOf("</details>"));
  expect(forms(menu)).toHaveLength(8);
  expect(html.match(/>Team pulse<\/h2>/g)).toHaveLength(1);
  // Dragging needs scripts: without them there is nothing to grab.
  expect(html).not.toContain("dashboard-tile-handle");
  expect(html).not.toContain("dashboard-tile-resize");
  expect(html).not.toContain('draggable="true"');
  expect(html).toContain("Width 50%, height 1");
});

test("a tile whose widget is gone says so and can only be removed", () => {
  const html = render([tile("a", { appName: "gone", widgetKey: "old" })]);
  expect(html).toContain("Widget old not found");
  expect(forms(html)).toEqual([{ intent: "remove", id: "a" }]);
});

test("an empty dashboard explains itself; Add widget is a link to the dialog, which lists the widgets", () => {
  const empty = render([]);
  expect(empty).toContain("Your dashboard is empty");
  expect(empty).toContain('href="/dashboard?add=1"');
  expect(empty).not.toContain("<dialog");

  const adding = render([], "/dashboard?add=1");
  expect(adding).toMatch(/<dialog open="" id="add-widget"/);
  expect(adding).toContain("Team pulse");
  expect(adding).toContain("From Team Pulse");
  expect(adding).toContain('aria-label="Add Team pulse"');
  expect(forms(adding)).toEqual([{ intent: "add", appName: "team-pulse", widgetKey: "pulse" }]);
});
