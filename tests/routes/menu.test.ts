// The menu page's way back: always a path on this site.
import { expect, test } from "vitest";
import { loader } from "#app/routes/shell/menu.tsx";
import { useBackend } from "../helpers/backend.ts";
import { callRoute, type RouteArgs } from "../helpers/route.ts";

const backend = useBackend();
const runLoader = (args: RouteArgs) => loader(args as unknown as Parameters<typeof loader>[0]);

test("the way back keeps a local page", async () => {
  const outcome = await callRoute(backend, "alice", "/menu?back=%2Fissues%3Fq%3Dopen", runLoader);
  expect(outcome.data).toMatchObject({ back: "/issues?q=open" });
});

test.each(["/.//evil.example", "/a/..//evil.example", "/%2e//evil.example", "//evil.example"])(
  "a way back of %j, which resolves to another host, leads to the start page",
  async (back) => {
    const outcome = await callRoute(backend, "alice", `/menu?back=${encodeURIComponent(back)}`, runLoader);
    expect(outcome.data).toMatchObject({ back: "/" });
  },
);

/** The loader for one menu's page, `/menu/<menu>`. */
const runMenuLoader = (menu: string) => (args: RouteArgs) => runLoader({ ...args, params: { menu } });

test.each([
  ["help", "alice", "Help"],
  ["settings", "admin", "Administration"],
  ["create", "alice", "Create"],
  ["profile", "alice", "Profile: Alice Member"],
] as const)("the page of the %s menu is titled %j and keeps its way back", async (menu, login, title) => {
  const outcome = await callRoute(backend, login, `/menu/${menu}?back=%2Farticles`, runMenuLoader(menu));
  expect(outcome).toMatchObject({ status: 200, data: { menu, title, back: "/articles" } });
});

test.each([
  ["settings", "alice"],
  ["more", "alice"],
  ["settings", null],
  ["create", null],
] as const)("the %s menu's page is not found for %s, whose bar has no such menu", async (menu, login) => {
  const outcome = await callRoute(backend, login, `/menu/${menu}?back=%2Fissues`, runMenuLoader(menu));
  expect(outcome.status).toBe(404);
});

test("a menu the bar does not have is not found", async () => {
  const outcome = await callRoute(backend, "alice", "/menu/nope?back=%2Fissues", runMenuLoader("nope"));
  expect(outcome.status).toBe(404);
});
