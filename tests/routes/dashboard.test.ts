// The dashboard's loader and action against the mock backend: each change as a plain form post (add,
// remove, move, resize, collapse), post/redirect/get without scripts, data for scripts, and refusals.
import { expect, test } from "vitest";
import { action, loader } from "#app/routes/dashboard/dashboard.tsx";
import { WIDGET_APP_HEADER } from "#contract/constants.ts";
import { DashboardSchema, type DashboardTile } from "#contract/api.ts";
import { withBackend, type Backend } from "../helpers/backend.ts";
import { callRoute, formRequest, type RouteArgs } from "../helpers/route.ts";

type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];
const runLoader = (args: RouteArgs) => loader(args as unknown as LoaderArgs);
const runAction = (args: RouteArgs) => action(args as unknown as ActionArgs);

const PULSE = { appName: "team-pulse", widgetKey: "pulse" };
const TILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A plain form post; `scripts` posts as React Router's fetch does (the `.data` URL). */
const post = (
  backend: Backend,
  fields: Record<string, string>,
  options: { scripts?: boolean; login?: string } = {},
) => {
  const path = options.scripts ? "/dashboard.data" : "/dashboard";
  return callRoute(
    backend,
    options.login ?? "alice",
    path,
    runAction,
    formRequest(path, { csrf: "test-csrf", ...fields }),
  );
};

async function tilesOf(backend: Backend, login = "alice"): Promise<DashboardTile[]> {
  const outcome = await callRoute(backend, login, "/dashboard", runLoader);
  return (outcome.data as { tiles: DashboardTile[] }).tiles;
}

/** Three Team pulse tiles, a, b and c, as scripts add them. */
async function threeTiles(backend: Backend) {
  for (const id of ["a", "b", "c"]) {
    expect(await post(backend, { intent: "add", id, ...PULSE }, { scripts: true })).toEqual({
      status: 200,
      data: { ok: true, error: null },
    });
  }
}

const layout = (tiles: DashboardTile[]) => tiles.map((t) => [t.id, t.width, t.height, t.collapsed]);

test("a new dashboard is empty and offers the dashboard widgets the user may add", async () => {
  await withBackend(async (backend) => {
    const outcome = await callRoute(backend, "alice", "/dashboard", runLoader);
    expect(outcome.status).toBe(200);
    const data = outcome.data as {
      title: string;
      signedIn: boolean;
      tiles: unknown[];
      widgets: { appName: string; key: string; name: string; appTitle: string; extensionPoint: string }[];
    };
    expect(data).toMatchObject({ title: "Dashboards", signedIn: true, tiles: [] });
    expect(data.widgets.map((w) => [w.appName, w.key, w.name, w.appTitle])).toContainEqual([
      "team-pulse",
      "pulse",
      "Team pulse",
      "Team Pulse",
    ]);
    // Only dashboard widgets: the Markdown embed of the same app is not offered.
    expect(data.widgets.every((w) => w.extensionPoint === "DASHBOARD_WIDGET")).toBe(true);
  });
});

test("a guest gets no tiles and no widgets, only the sign-in prompt", async () => {
  await withBackend(async (backend) => {
    expect((await callRoute(backend, null, "/dashboard", runLoader)).data).toMatchObject({
      signedIn: false,
      me: null,
      tiles: [],
      widgets: [],
    });
  });
});

test("adding without scripts saves a 50 % wide, one step high tile with a fresh id and redirects to it", async () => {
  await withBackend(async (backend) => {
    const outcome = await post(backend, { intent: "add", ...PULSE });
    expect(outcome.status).toBe(302);
    const [tile] = await tilesOf(backend);
    expect(tile).toEqual({
      id: expect.stringMatching(TILE_ID),
      ...PULSE,
      width: 50,
      height: 1,
      collapsed: false,
    });
    expect(outcome.location).toBe(`/dashboard#tile-${tile?.id}`);

    await post(backend, { intent: "add", ...PULSE });
    const ids = (await tilesOf(backend)).map((t) => t.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });
});

test("scripts get data instead of a redirect, choose the new tile's id, and the same add twice adds one tile", async () => {
  await withBackend(async (backend) => {
    expect(await post(backend, { intent: "add", id: "tile_1", ...PULSE }, { scripts: true })).toEqual({
      status: 200,
      data: { ok: true, error: null },
    });
    await post(backend, { intent: "add", id: "tile_1", ...PULSE }, { scripts: true });
    expect((await tilesOf(backend)).map((t) => t.id)).toEqual(["tile_1"]);
  });
});

test("move puts a tile at a position, clamped to the dashboard", async () => {
  await withBackend(async (backend) => {
    await threeTiles(backend);
    expect(await post(backend, { intent: "move", id: "c", position: "0" })).toEqual({
      status: 302,
      location: "/dashboard#tile-c",
    });
    expect((await tilesOf(backend)).map((t) => t.id)).toEqual(["c", "a", "b"]);
    await post(backend, { intent: "move", id: "c", position: "49" });
    expect((await tilesOf(backend)).map((t) => t.id)).toEqual(["a", "b", "c"]);
    await post(backend, { intent: "move", id: "b", position: "0" }, { scripts: true });
    expect((await tilesOf(backend)).map((t) => t.id)).toEqual(["b", "a", "c"]);
  });
});

test("resize and collapse change only their tile", async () => {
  await withBackend(async (backend) => {
    await threeTiles(backend);
    expect((await post(backend, { intent: "resize", id: "a", width: "70", height: "3" })).status).toBe(302);
    await post(backend, { intent: "resize", id: "c", width: "10", height: "20" });
    await post(backend, { intent: "collapse", id: "b", collapsed: "true" });
    expect(layout(await tilesOf(backend))).toEqual([
      ["a", 70, 3, false],
      ["b", 50, 1, true],
      ["c", 10, 20, false],
    ]);
    await post(backend, { intent: "collapse", id: "b", collapsed: "false" });
    expect((await tilesOf(backend))[1]?.collapsed).toBe(false);
  });
});

test("remove drops the tile and the config its widget stored; removing it again changes nothing", async () => {
  await withBackend(async (backend) => {
    await threeTiles(backend);
    const stored = await backend.client.request("PUT", "/api/apps/team-pulse/embeddings/b", {
      body: { widgetKey: "pulse", config: { title: "Mine", project: "" } },
      headers: { ...(await backend.readAs("alice")), [WIDGET_APP_HEADER]: "team-pulse" },
    });
    expect(stored.status, stored.text).toBe(200);
    expect(await post(backend, { intent: "remove", id: "b" })).toEqual({
      status: 302,
      location: "/dashboard",
    });
    expect((await tilesOf(backend)).map((t) => t.id)).toEqual(["a", "c"]);
    expect(
      await backend.db.widgetEmbedding.findUnique({ where: { entity_id: { entity: "", id: "b" } } }),
    ).toBeNull();
    expect(await post(backend, { intent: "remove", id: "b" }, { scripts: true })).toEqual({
      status: 200,
      data: { ok: true, error: null },
    });
  });
});

test("each user has their own dashboard", async () => {
  await withBackend(async (backend) => {
    await threeTiles(backend);
    expect(await tilesOf(backend, "admin")).toEqual([]);
    await post(backend, { intent: "add", id: "mine", ...PULSE }, { login: "admin" });
    expect((await tilesOf(backend, "admin")).map((t) => t.id)).toEqual(["mine"]);
    expect((await tilesOf(backend)).map((t) => t.id)).toEqual(["a", "b", "c"]);
  });
});

test("a change the form cannot carry answers 400 with a message and saves nothing", async () => {
  await withBackend(async (backend) => {
    await threeTiles(backend);
    const invalid = "The dashboard was not changed: the request was not understood.";
    for (const fields of [
      {},
      { intent: "explode", id: "a" },
      { intent: "add", appName: "team-pulse" },
      { intent: "add", id: "no spaces", ...PULSE },
      { intent: "add", id: "x".repeat(65), ...PULSE },
      { intent: "remove" },
      { intent: "move", id: "a" },
      { intent: "move", id: "a", position: "-1" },
      { intent: "move", id: "a", position: "first" },
      { intent: "move", id: "a", position: "1.5" },
      { intent: "resize", id: "a", width: "5", height: "1" },
      { intent: "resize", id: "a", width: "101", height: "1" },
      { intent: "resize", id: "a", width: "50", height: "0" },
      { intent: "resize", id: "a", width: "50", height: "21" },
      { intent: "resize", id: "a", width: "60" },
      { intent: "collapse", id: "a", collapsed: "maybe" },
      { intent: "collapse", id: "../a", collapsed: "true" },
    ] as Record<string, string>[]) {
      expect(await post(backend, fields), JSON.stringify(fields)).toEqual({
        status: 400,
        data: { ok: false, error: invalid },
      });
    }
    expect(layout(await tilesOf(backend))).toEqual([
      ["a", 50, 1, false],
      ["b", 50, 1, false],
      ["c", 50, 1, false],
    ]);
  });
});

test("changing a tile that is not there, or adding a widget that is not a dashboard widget, is refused", async () => {
  await withBackend(async (backend) => {
    await threeTiles(backend);
    expect(await post(backend, { intent: "move", id: "gone", position: "0" })).toEqual({
      status: 400,
      data: { ok: false, error: "That widget is no longer on your dashboard." },
    });
    expect(
      await post(backend, { intent: "resize", id: "gone", width: "60", height: "1" }, { scripts: true }),
    ).toEqual({
      status: 400,
      data: { ok: false, error: "That widget is no longer on your dashboard." },
    });
    expect(await post(backend, { intent: "add", appName: "team-pulse", widgetKey: "nope" })).toEqual({
      status: 400,
      data: { ok: false, error: "Widget nope not found" },
    });
    // The same app's Markdown widget cannot be a tile.
    expect(await post(backend, { intent: "add", appName: "team-pulse", widgetKey: "pulse-embed" })).toEqual({
      status: 400,
      data: { ok: false, error: "Widget pulse-embed not found" },
    });
    expect((await tilesOf(backend)).map((t) => t.id)).toEqual(["a", "b", "c"]);
  });
});

test("a dashboard holds at most 50 tiles", async () => {
  await withBackend(async (backend) => {
    const tiles = Array.from({ length: 50 }, (_, i) => ({ id: `t${i}`, ...PULSE }));
    const saved = await backend.client.request("PUT", "/api/users/me/dashboard", {
      body: { tiles },
      headers: await backend.readAs("alice"),
    });
    expect(DashboardSchema.parse(saved.json).tiles).toHaveLength(50);
    expect(await post(backend, { intent: "add", ...PULSE })).toEqual({
      status: 400,
      data: { ok: false, error: "A dashboard holds at most 50 widgets. Remove one to add another." },
    });
    expect(await tilesOf(backend)).toHaveLength(50);
  });
});
