import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { keelContext, type KeelRequestContext } from "#app/lib/keel-context.ts";
import { action } from "#app/routes/resources/error-reports.ts";

function call(body: string, method = "POST") {
  const warn = vi.fn();
  const context = new RouterContextProvider();
  context.set(keelContext, { log: { warn } } as unknown as KeelRequestContext);
  const request = new Request("http://keel.test/resources/error-reports", {
    method,
    body: method === "GET" ? undefined : body,
    headers: { "content-type": "application/json" },
  });
  const run = () =>
    action({
      request,
      context,
      params: {},
      url: new URL(request.url),
      pattern: "/resources/error-reports",
    } as unknown as Parameters<typeof action>[0]);
  return { run, warn };
}

const REPORT = {
  kind: "pageLoad",
  sampleRate: 1,
  name: "TypeError",
  message: "x is undefined",
  stack: "at f (app.js:1:2)",
  path: "/issues?token=secret",
};

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}

test("a valid report is logged without the page's query string and answered 202", async () => {
  const { run, warn } = call(JSON.stringify(REPORT));
  const result = (await run()) as { init: { status: number } };
  expect(result.init.status).toBe(202);
  expect(warn).toHaveBeenCalledOnce();
  const [fields] = warn.mock.calls[0]!;
  expect(fields.clientError).toMatchObject({ message: "x is undefined", path: "/issues" });
  expect(JSON.stringify(fields)).not.toContain("secret");
});

test("a report of the wrong shape is refused with 400 and not logged", async () => {
  const { run, warn } = call(JSON.stringify({ ...REPORT, kind: "everything" }));
  expect(await statusOf(run())).toBe(400);
  expect(warn).not.toHaveBeenCalled();
});

test("a body that is not JSON is refused with 400", async () => {
  const { run } = call("{not json");
  expect(await statusOf(run())).toBe(400);
});

test("a report over 16 KB is refused with 413 and not logged", async () => {
  const { run, warn } = call(JSON.stringify({ ...REPORT, stack: "x".repeat(17_000) }));
  expect(await statusOf(run())).toBe(413);
  expect(warn).not.toHaveBeenCalled();
});
