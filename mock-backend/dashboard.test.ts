import { expect, test } from "vitest";
import { insertApp } from "#tests/helpers/apps.ts";
import { bearer, expectError, expectOk, withBackend, type Backend } from "#tests/helpers/backend.ts";
import { DashboardSchema, EmbeddingSchema, MAX_DASHBOARD_TILES } from "#contract/api.ts";

const APP = "pulse";
const DASHBOARD = "/api/users/me/dashboard";

async function setup(backend: Backend) {
  return insertApp(backend.db, {
    name: APP,
    widgets: [
      { key: "chart", extensionPoint: "DASHBOARD_WIDGET" },
      { key: "embed", extensionPoint: "MARKDOWN" },
      { key: "panel", extensionPoint: "ISSUE_BELOW_SUMMARY" },
    ],
  });
}

const embedding = (id: string) => `/api/apps/${APP}/embeddings/${id}`;
const store = (backend: Backend, login: string, id: string, body: unknown) =>
  backend.client.request("PUT", embedding(id), { body, headers: bearer(login) });
const read = (backend: Backend, login: string, id: string) =>
  backend.client.request("GET", embedding(id), { headers: bearer(login) });

test("an embedding's config is stored by its owner and read back", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    expect(expectError(await read(backend, "alice", "t1"), 404).error_description).toBe(
      "Embedding t1 not found",
    );
    const config = { query: "#Unresolved", columns: ["id", "summary"], limit: 10 };
    expect(expectOk(await store(backend, "alice", "t1", { widgetKey: "chart", config }))).toEqual({
      id: "t1",
      widgetKey: "chart",
      config,
    });
    expect(EmbeddingSchema.parse(expectOk(await read(backend, "admin", "t1")))).toEqual({
      id: "t1",
      widgetKey: "chart",
      config,
    });
    expectOk(await store(backend, "alice", "t1", { widgetKey: "chart", config: null }));
    expect(expectOk(await read(backend, "alice", "t1"))).toEqual({
      id: "t1",
      widgetKey: "chart",
      config: null,
    });
    expect(
      (await backend.db.widgetEmbedding.findUnique({ where: { entity_id: { entity: "", id: "t1" } } }))
        ?.ownerId,
    ).toBe("1-2");
  });
});

test("another user's embedding cannot be changed", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    expectOk(await store(backend, "alice", "t1", { widgetKey: "chart", config: { a: 1 } }));
    expectError(
      await store(backend, "admin", "t1", { widgetKey: "chart", config: { a: 2 } }),
      403,
      "forbidden",
    );
    expect(expectOk(await read(backend, "alice", "t1"))).toMatchObject({ config: { a: 1 } });
  });
});

test("the widget must exist and be embeddable, and the config must fit in 64 KB", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    const missing = expectError(
      await store(backend, "alice", "t1", { widgetKey: "nope", config: null }),
      404,
    );
    expect(missing.error_description).toBe("Widget nope not found");
    expectError(await store(backend, "alice", "t1", { widgetKey: "panel", config: null }), 400);
    // A Markdown widget's config belongs to the text that embeds it, never to whoever stores it first.
    expectError(await store(backend, "alice", "m1", { widgetKey: "embed", config: "markdown" }), 400);
    const big = { text: "x".repeat(70_000) };
    expectError(
      await store(backend, "alice", "t2", { widgetKey: "chart", config: big }),
      413,
      "payload_too_large",
    );
    expectError(await store(backend, "alice", "bad id", { widgetKey: "chart", config: null }), 400);
    expectError(await backend.client.request("GET", embedding("t1")), 401);
    expect(await backend.db.widgetEmbedding.count()).toBe(0);
  });
});

const tile = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  appName: APP,
  widgetKey: "chart",
  ...extra,
});
const saveDashboard = (backend: Backend, login: string, body: unknown) =>
  backend.client.request("PUT", DASHBOARD, { body, headers: bearer(login) });

test("a dashboard starts empty, and is saved with each tile's defaults", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    expect(expectOk(await backend.client.request("GET", DASHBOARD, { headers: bearer("alice") }))).toEqual({
      tiles: [],
    });
    const saved = expectOk(
      await saveDashboard(backend, "alice", {
        tiles: [tile("t1"), tile("t2", { width: 100, height: 4, collapsed: true })],
      }),
    );
    const expected = {
      tiles: [
        { id: "t1", appName: APP, widgetKey: "chart", width: 50, height: 1, collapsed: false },
        { id: "t2", appName: APP, widgetKey: "chart", width: 100, height: 4, collapsed: true },
      ],
    };
    expect(saved).toEqual(expected);
    const read = await backend.client.request("GET", DASHBOARD, { headers: bearer("alice") });
    expect(DashboardSchema.parse(expectOk(read))).toEqual(expected);
    expect(expectOk(await backend.client.request("GET", DASHBOARD, { headers: bearer("admin") }))).toEqual({
      tiles: [],
    });
  });
});

test("a dashboard is refused with the bad fields named", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    const refused = async (tiles: unknown, field: string) => {
      const body = expectError(await saveDashboard(backend, "alice", { tiles }), 400, "bad_request");
      expect(body.issues?.map((issue) => issue.path)).toContain(field);
    };
    await refused([tile("t1", { width: 9 })], "tiles.0.width");
    await refused([tile("t1", { width: 101 })], "tiles.0.width");
    await refused([tile("t1", { width: 50.5 })], "tiles.0.width");
    await refused([tile("t1", { height: 0 })], "tiles.0.height");
    await refused([tile("t1", { height: 21 })], "tiles.0.height");
    await refused([tile("t1", { collapsed: "yes" })], "tiles.0.collapsed");
    await refused([tile("no spaces")], "tiles.0.id");
    await refused([tile("x".repeat(65))], "tiles.0.id");
    await refused([tile("t1"), tile("t1")], "tiles");
    await refused(
      Array.from({ length: MAX_DASHBOARD_TILES + 1 }, (_, i) => tile(`t${i}`)),
      "tiles",
    );
    await refused([tile("t1", { widgetKey: "nope" })], "tiles.0.widgetKey");
    await refused([tile("t1", { appName: "nope" })], "tiles.0.widgetKey");
    await refused([tile("t1", { widgetKey: "panel" })], "tiles.0.widgetKey");
    expectError(await saveDashboard(backend, "alice", { tiles: [tile("t1", { extra: 1 })] }), 400);
    expectError(await backend.client.request("GET", DASHBOARD), 401);
    expect(await backend.db.dashboard.count()).toBe(0);
  });
});

test("a tile cannot take the id of another user's embedding", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    expectOk(await store(backend, "admin", "t1", { widgetKey: "chart", config: { mine: true } }));
    const body = expectError(await saveDashboard(backend, "alice", { tiles: [tile("t1")] }), 400);
    expect(body.issues).toEqual([{ path: "tiles.0.id", message: "The id t1 belongs to another widget" }]);
  });
});

test("removing a tile removes its embedding's config, and only that one", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    expectOk(await saveDashboard(backend, "alice", { tiles: [tile("t1"), tile("t2")] }));
    expectOk(await store(backend, "alice", "t1", { widgetKey: "chart", config: { n: 1 } }));
    expectOk(await store(backend, "alice", "t2", { widgetKey: "chart", config: { n: 2 } }));
    expectOk(await store(backend, "admin", "t3", { widgetKey: "chart", config: { n: 3 } }));
    expectOk(await saveDashboard(backend, "alice", { tiles: [tile("t2")] }));
    expectError(await read(backend, "alice", "t1"), 404);
    expect(expectOk(await read(backend, "alice", "t2"))).toMatchObject({ config: { n: 2 } });
    expect(expectOk(await read(backend, "admin", "t3"))).toMatchObject({ config: { n: 3 } });
  });
});

test("tiles of a removed app drop out of the dashboard", async () => {
  await withBackend(async (backend) => {
    const { id } = await setup(backend);
    expectOk(await saveDashboard(backend, "alice", { tiles: [tile("t1")] }));
    await backend.db.app.delete({ where: { id } });
    expect(expectOk(await backend.client.request("GET", DASHBOARD, { headers: bearer("alice") }))).toEqual({
      tiles: [],
    });
    expectOk(await saveDashboard(backend, "alice", { tiles: [] }));
  });
});

test("a tile added to the dashboard has its embedding at once, with no config yet", async () => {
  await withBackend(async (backend) => {
    await setup(backend);
    const tile = { id: "fresh", appName: APP, widgetKey: "chart", width: 50, height: 1, collapsed: false };
    expectOk(
      await backend.client.request("PUT", DASHBOARD, { body: { tiles: [tile] }, headers: bearer("alice") }),
    );
    expect(expectOk(await read(backend, "alice", "fresh"))).toEqual({
      id: "fresh",
      widgetKey: "chart",
      config: null,
    });
    // Saved again (a move, a resize), the tile keeps the config its widget stored since.
    expectOk(await store(backend, "alice", "fresh", { widgetKey: "chart", config: { range: "week" } }));
    expectOk(
      await backend.client.request("PUT", DASHBOARD, {
        body: { tiles: [{ ...tile, width: 60 }] },
        headers: bearer("alice"),
      }),
    );
    expect(expectOk(await read(backend, "alice", "fresh"))).toMatchObject({ config: { range: "week" } });
  });
});
