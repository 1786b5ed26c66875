// The benchmark's bare page (app/lib/bench.ts): a 404 unless the server was started with KEEL_BENCH=1, and
// then a page whose root loader and language middleware make no backend call.
import { expect, test } from "vitest";
import type { BackendTransport } from "../../app/lib/keel-context.ts";
import { loader as rootLoader } from "../../app/root.tsx";
import { loader as bareLoader } from "../../app/routes/bench/bare.tsx";
import { useBackend } from "../helpers/backend.ts";
import { callRoute, type RouteArgs } from "../helpers/route.ts";

const backend = useBackend();

const runRoot = (args: RouteArgs) => rootLoader(args as unknown as Parameters<typeof rootLoader>[0]);
const runBare = (args: RouteArgs) => bareLoader(args as unknown as Parameters<typeof bareLoader>[0]);

/** The mock backend's transport, remembering the paths it was asked for. */
function countingTransport(): { transport: BackendTransport; paths: string[] } {
  const paths: string[] = [];
  return {
    paths,
    transport: (request) => {
      paths.push(request.path);
      return backend.client.transport(request);
    },
  };
}

test("without KEEL_BENCH the bare page answers 404", async () => {
  expect(await callRoute(backend, "admin", "/_bench/bare", runBare)).toMatchObject({ status: 404 });
  expect(await callRoute(backend, null, "/_bench/bare", runBare)).toMatchObject({ status: 404 });
  expect(
    await callRoute(backend, "admin", "/_bench/bare", runBare, undefined, { bench: false }),
  ).toMatchObject({ status: 404 });
});

test("without KEEL_BENCH the root loader loads the shell on the bare page's path", async () => {
  const { transport, paths } = countingTransport();
  const outcome = await callRoute(backend, "admin", "/_bench/bare", runRoot, undefined, { transport });
  expect(outcome.data).toMatchObject({ user: { login: "admin" } });
  expect(outcome.data).not.toHaveProperty("benchBare");
  expect(paths.length).toBeGreaterThan(0);
});

test("with KEEL_BENCH the bare page renders without a single backend call", async () => {
  const { transport, paths } = countingTransport();
  const overrides = { bench: true, transport };
  const headers = { "accept-language": "he" };
  expect(await callRoute(backend, "admin", "/_bench/bare", runRoot, { headers }, overrides)).toEqual({
    status: 200,
    data: { benchBare: true, language: "he", dir: "rtl" },
  });
  expect(await callRoute(backend, "admin", "/_bench/bare.data", runRoot, undefined, overrides)).toMatchObject(
    { data: { benchBare: true } },
  );
  expect(await callRoute(backend, "admin", "/_bench/bare", runBare, undefined, overrides)).toMatchObject({
    status: 200,
    data: { title: "Bare React Router page" },
  });
  expect(paths).toEqual([]);
});

test("with KEEL_BENCH every other page still loads the shell", async () => {
  const outcome = await callRoute(backend, "admin", "/issues", runRoot, undefined, { bench: true });
  expect(outcome.data).toMatchObject({ user: { login: "admin" } });
  expect(outcome.data).not.toHaveProperty("benchBare");
  expect(await callRoute(backend, "admin", "/issues", runBare, undefined, { bench: true })).toMatchObject({
    status: 404,
  });
});
