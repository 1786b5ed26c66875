import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { handlerFile, handlerJob } from "#tests/helpers/apps.ts";
import { createHandlerRunner, HANDLER_HEAP_MB, runnerExecArgv } from "./pool.ts";
import type { RunnerJob } from "./protocol.ts";

const runner = createHandlerRunner({ timeoutMs: 1000 });
/** Filling the heap is slow on a loaded machine: a time limit it never meets. */
const roomyRunner = createHandlerRunner({ timeoutMs: 20_000 });
afterAll(() => {
  runner.close();
  roomyRunner.close();
});

const job = handlerJob;

const endpoint = (body: string, extra = "") =>
  handlerFile(`{ method: "GET", path: "demo", ${extra} handle(ctx) { ${body} } }`);

async function body(source: string, overrides?: Partial<RunnerJob>): Promise<unknown> {
  const outcome = await runner.run("test-app", job(source, overrides));
  if (outcome.kind !== "done") throw new Error(`expected an answer, got ${JSON.stringify(outcome)}`);
  return outcome.body === null ? null : JSON.parse(outcome.body);
}

test("a handler reads query parameters, settings and the caller, and its console is captured", async () => {
  const outcome = await runner.run(
    "test-app",
    job(
      endpoint(`console.log("hello", { n: 1 }); console.warn(new RangeError("too far")); ctx.response.json({
        one: ctx.request.getParameter("tag"), all: ctx.request.getParameters("tag"),
        missing: ctx.request.getParameter("nope"), names: ctx.request.parameterNames,
        settings: ctx.settings, login: ctx.currentUser.login })`),
      {
        request: { method: "GET", path: "demo", body: "", query: { tag: ["a", "b"] }, headers: [] },
        settings: { name: "Keel" },
      },
    ),
  );
  expect(outcome).toEqual({
    kind: "done",
    code: 200,
    headers: [],
    contentType: "application/json",
    body: JSON.stringify({
      one: "a",
      all: ["a", "b"],
      missing: null,
      names: ["tag"],
      settings: { name: "Keel" },
      login: "admin",
    }),
    changed: {},
    logs: [
      { level: "log", message: 'hello {"n":1}' },
      { level: "warn", message: "RangeError: too far" },
    ],
  });
});

test("only the extensionProperties a handler changed come back", async () => {
  const outcome = await runner.run(
    "test-app",
    job(
      endpoint(
        `ctx.globalStorage.extensionProperties.count = (ctx.globalStorage.extensionProperties.count || 0) + 1;`,
      ),
      {
        storage: { global: '{"count":41}', "user:1-1": '{"kept":true}' },
      },
    ),
  );
  expect(outcome).toMatchObject({ kind: "done", body: null, changed: { global: '{"count":42}' } });
});

test("require is not available", async () => {
  const outcome = await runner.run("test-app", job(`const fs = require("fs");\n${endpoint("")}`));
  expect(outcome).toEqual({ kind: "threw", message: "require is not available", logs: [] });
});

test("process and the runner's realm are out of the handler's reach", async () => {
  const probes = await body(
    endpoint(`
      const results = { process: typeof process, globalProcess: typeof globalThis.process, fetch: typeof fetch };
      const escapes = [this, ctx, ctx.request, ctx.response.json, ctx.request.headers, globalThis, console.log];
      results.escapes = escapes.map((value) => {
        try { return value.constructor.constructor("return typeof process")(); } catch (error) { return "refused"; }
      });
      ctx.response.json(results);`),
  );
  expect(probes).toEqual({
    process: "undefined",
    globalProcess: "undefined",
    fetch: "undefined",
    escapes: Array(7).fill("undefined"),
  });
});

test("a dynamic import inside a handler fails", async () => {
  const outcome = await runner.run(
    "test-app",
    job(handlerFile(`{ method: "GET", path: "demo", async handle(ctx) { await import("node:fs"); } }`)),
  );
  expect(outcome.kind).toBe("threw");
});

test("the child's permission model refuses file writes, child processes and workers", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "keel-handler-"));
  try {
    const file = path.join(dir, "written.txt");
    const attempts = {
      write: `require("node:fs").writeFileSync(${JSON.stringify(file)}, "x")`,
      read: `require("node:fs").readFileSync("/etc/hostname")`,
      spawn: `require("node:child_process").execSync("true")`,
      worker: `new (require("node:worker_threads").Worker)("1", { eval: true })`,
      eval: `new Function("return 1")()`,
    };
    for (const [what, code] of Object.entries(attempts)) {
      const result = spawnSync(process.execPath, [...runnerExecArgv(HANDLER_HEAP_MB), "-e", code], {
        encoding: "utf8",
      });
      expect(result.status, `${what}: ${result.stderr}`).not.toBe(0);
      expect(result.stderr, what).toMatch(
        /ERR_ACCESS_DENIED|Access to this API has been restricted|EvalError/,
      );
    }
    expect(existsSync(file)).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a handler that throws answers its message, without the stack", async () => {
  const outcome = await runner.run(
    "test-app",
    job(
      handlerFile(`{ method: "GET", path: "demo", async handle() { throw new TypeError("no such note"); } }`),
    ),
  );
  expect(outcome).toEqual({ kind: "threw", message: "no such note", logs: [] });
});

test("each call starts from a fresh context: nothing a call leaves behind is seen by the next", async () => {
  const source = `let calls = 0; globalThis.seen = (globalThis.seen || 0) + 1;\n${endpoint(
    "calls += 1; Object.prototype.polluted = true; ctx.response.json({ calls, seen: globalThis.seen, polluted: ({}).polluted === true });",
  )}`;
  expect(await body(source)).toEqual({ calls: 1, seen: 1, polluted: true });
  expect(await body(source)).toEqual({ calls: 1, seen: 1, polluted: true });
  const clean = await body(endpoint("ctx.response.json({ polluted: ({}).polluted === true });"));
  expect(clean).toEqual({ polluted: false });
});

test("an endpoint's permissions are checked against the caller's", async () => {
  const source = endpoint(
    `ctx.response.json({ ok: true })`,
    `permissions: ["READ_ISSUE", "SOMETHING_KEEL_LACKS"],`,
  );
  expect(await runner.run("test-app", job(source))).toMatchObject({
    kind: "forbidden",
    permission: "READ_ISSUE",
  });
  expect(await body(source, { heldPermissions: ["READ_ISSUE"] })).toEqual({ ok: true });
});

test("a handler that never returns is killed at the limit, and the app's next call still runs", async () => {
  const outcome = await runner.run("test-app", job(endpoint("for (;;) {}")));
  expect(outcome).toEqual({ kind: "timeout" });
  expect(await body(endpoint("ctx.response.json(1)"))).toBe(1);
});

test("a handler that allocates without bound ends its process, and is answered as a failure", async () => {
  const outcome = await roomyRunner.run(
    "test-app",
    job(endpoint("const hoard = []; for (;;) hoard.push(new Array(100000).fill(hoard.length));")),
  );
  expect(outcome.kind).toBe("crashed");
});
