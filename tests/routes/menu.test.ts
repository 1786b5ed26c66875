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
