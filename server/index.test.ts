// Starts the real server process, as an admin would: boot checks, readiness and
// graceful shutdown. Needs a production build (npm run build).
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { NAMESPACES } from "#app/i18n/languages.ts";
import { freshDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import { TEST_SECRET } from "#tests/helpers/mock-client.ts";
import { upload } from "#tests/helpers/upload.ts";

const BUILD = path.resolve("build/server/index.js");
let database: TestDatabase;

beforeAll(() => {
  if (!existsSync(BUILD)) throw new Error("server/index.test.ts needs a build: run npm run build first");
  database = freshDatabase();
});
afterAll(() => database.close());

interface Running {
  child: ChildProcessWithoutNullStreams;
  port: number;
  output: () => string;
  exit: Promise<number | null>;
}

function start(env: Record<string, string>, nodeOptions: string[] = []): Promise<Running> {
  const child = spawn(process.execPath, [...nodeOptions, "server/index.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      SESSION_SECRET: TEST_SECRET,
      LOG_LEVEL: "info",
      ...env,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start:\n${output}`));
    }, 30_000);
    const onData = () => {
      // The start-up line names the address in either log format.
      const match = /Keel is ready at http:\/\/\S+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout.off("data", onData);
        resolve({ child, port: Number(match[1]), output: () => output, exit });
      }
    };
    child.stdout.on("data", onData);
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

test("a bad variable stops the boot with exit code 1 and a message naming it", async () => {
  const child = spawn(process.execPath, ["server/index.js"], {
    env: { PATH: process.env.PATH ?? "", PORT: "not-a-port", LOG_LEVEL: "chatty" },
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  expect(code).toBe(1);
  expect(stderr).toContain("PORT:");
  expect(stderr).toContain("LOG_LEVEL:");
});

test("a KEEL_BUILD_DIR without a build stops the boot with exit code 1, naming the file", async () => {
  const child = spawn(process.execPath, ["server/index.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: "0",
      DATABASE_URL: database.url,
      SESSION_SECRET: TEST_SECRET,
      KEEL_BUILD_DIR: "tests/.tmp/no-such-build",
    },
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  expect(code).toBe(1);
  expect(stdout).toContain(path.resolve("tests/.tmp/no-such-build/server/index.js"));
});

test("SIGTERM lets an in-flight request finish, refuses new ones and exits 0", async () => {
  const server = await start({});
  const base = `http://127.0.0.1:${server.port}`;
  expect((await fetch(`${base}/readyz`)).status).toBe(200);

  // An analytics upload whose body is still arriving when the signal comes.
  const body = JSON.stringify([
    { group: "shell", event: "shutdown-test", timestamp: 1, eventFields: [], clientData: {} },
  ]);
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      `${base}/api/analytics`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          origin: base,
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on("error", reject);
    request.write(body.slice(0, 10));
    setTimeout(() => {
      server.child.kill("SIGTERM");
      setTimeout(() => request.end(body.slice(10)), 300);
    }, 100);
  });

  const { status, text } = await answer;
  expect(status).toBe(200);
  expect(JSON.parse(text)).toEqual({ accepted: 1 });
  expect(await server.exit).toBe(0);
  expect(server.output()).toContain("shutting down");
  await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  const stored = await database.db.analyticsEvent.count({ where: { event: "shutdown-test" } });
  expect(stored).toBe(1);
});

test("with the backend stopped, pages go to the configuration-unavailable error page", async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const { port } = closed.address() as { port: number };
  await new Promise((resolve) => closed.close(resolve));
  const server = await start({ BACKEND_URL: `http://127.0.0.1:${port}` });
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const page = await fetch(`${base}/issues`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/error?configUnavailable=true");
    const error = await fetch(`${base}/error?configUnavailable=true`);
    expect(error.status).toBe(503);
    expect(await error.text()).toContain("Keel could not load its configuration");
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
  } finally {
    server.child.kill("SIGTERM");
    await server.exit;
  }
});

/** Waits for a log line holding `text`, and returns it. */
async function logged(server: Running, text: string, timeoutMs = 20_000): Promise<string> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const line = server
      .output()
      .split("\n")
      .find((l) => l.includes(text));
    if (line) return line;
    if (performance.now() > deadline) throw new Error(`no log line with "${text}":\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test("the server build loads without jsdom (app/markdown/purify.ts loads it on the first sanitising)", async () => {
  // isomorphic-dompurify builds a jsdom window as it loads: 0.7 s of start-up when it was imported eagerly.
  const script = `
    import { createRequire } from "node:module";
    const require = createRequire(import.meta.url);
    await import(${JSON.stringify(BUILD)});
    console.log(Object.keys(require.cache).some((file) => file.includes("/node_modules/jsdom/")));
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script]);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code, output).toBe(0);
  expect(output.trim()).toBe("false");
});

test("the server build imports the contract from the project, not a copy of its own", () => {
  // Built into the bundle, the contract's zod schemas were made twice at every start: the build's and the mock's.
  const server = readdirSync(path.dirname(BUILD), { recursive: true })
    .filter((file) => String(file).endsWith(".js"))
    .map((file) => readFileSync(path.join(path.dirname(BUILD), String(file)), "utf8"));
  expect(server.some((code) => code.includes('from "#contract/api.ts"'))).toBe(true);
  // A schema's definition (contract/api-shell.ts): in the contract's source only.
  expect(server.filter((code) => code.includes("ShellConfigSchema = "))).toEqual([]);
});

/** The resident memory of a process, from Linux's /proc. */
function residentBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

test("six huge bodies to a page route are refused with 413, memory stays flat and /healthz answers", async () => {
  const server = await start({});
  const pid = server.child.pid ?? 0;
  // The warm-up after start-up loads jsdom (90 MB): it must not fall between the two readings.
  await logged(server, "warmed up the Markdown renderer");
  const form = { "content-type": "application/x-www-form-urlencoded" };
  let sampler: NodeJS.Timeout | undefined;
  try {
    expect((await upload(server.port, "/login", { total: 1024, headers: form })).status).toBe(403);
    const before = residentBytes(pid);
    let peak = before;
    sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 20);
    const total = 450 * 1024 * 1024;
    const uploads = Array.from({ length: 6 }, (_, i) =>
      upload(server.port, "/login", { total, declare: i % 2 === 0, headers: form }),
    );
    const started = performance.now();
    const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
    const healthMs = performance.now() - started;
    const answers = await Promise.all(uploads);
    clearInterval(sampler);
    peak = Math.max(peak, residentBytes(pid));

    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1000);
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(413));
    for (const answer of answers) expect(answer.sentWhenAnswered).toBeLessThan(32 * 1024 * 1024);
    // Buffering even one of these bodies would take hundreds of megabytes.
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
    expect(residentBytes(pid) - before).toBeLessThan(64 * 1024 * 1024);
  } finally {
    clearInterval(sampler);
    server.child.kill("SIGTERM");
    await server.exit;
  }
  // The warm-up it waits for takes seconds on a busy machine: 15.2 s in all in one CI run, 5.5 in another.
}, 60_000);

test("the mock with the published demo passwords refuses a public HOST, and says why", async () => {
  const child = spawn(process.execPath, ["server/index.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "0.0.0.0",
      PORT: "0",
      DATABASE_URL: database.url,
      SESSION_SECRET: TEST_SECRET,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  expect(code).toBe(1);
  expect(output).toContain("HOST=0.0.0.0 is not a loopback interface");
  expect(output).toContain("admin");
  expect(output).toContain("KEEL_ALLOW_PUBLIC_DEMO=1");
  expect(output).not.toContain("Keel is ready");
});

test("KEEL_ALLOW_PUBLIC_DEMO=1 serves the demo on a public HOST with a warning in the log", async () => {
  const server = await start({ HOST: "0.0.0.0", KEEL_ALLOW_PUBLIC_DEMO: "1" });
  try {
    const warning = server
      .output()
      .split("\n")
      .find((line) => line.includes("KEEL_ALLOW_PUBLIC_DEMO=1"));
    expect(warning).toContain('"level":40');
    expect(warning).toContain("served anyway");
  } finally {
    server.child.kill("SIGTERM");
    await server.exit;
  }
});

test("a server keeps what it compiled in a cache on disk for its next start", async () => {
  // Node puts the cache in the temporary folder, which TMPDIR names, unless NODE_COMPILE_CACHE does.
  const temporary = mkdtempSync(path.join(tmpdir(), "keel-tmp-"));
  try {
    const server = await start({ TMPDIR: temporary });
    server.child.kill("SIGTERM");
    await server.exit;
    const cached = readdirSync(path.join(temporary, "node-compile-cache"), { recursive: true });
    expect(cached.length).toBeGreaterThan(0);
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
});

/** The modules a server started with `env` has loaded once it listens. */
/** The modules a server loads by its start-up line, or by the first log line holding `until`. */
async function modulesLoadedBy(env: Record<string, string>, until?: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "keel-modules-"));
  const log = path.join(dir, "modules.log");
  try {
    const server = await start({ ...env, KEEL_TEST_MODULE_LOG: log }, [
      "--import",
      "./tests/helpers/record-modules.ts",
    ]);
    if (until) await logged(server, until);
    server.child.kill("SIGTERM");
    await server.exit;
    return readFileSync(log, "utf8").split("\n").filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const RELAY = /\/node_modules\/http-proxy-middleware\//;
const MOCK_ONLY = [
  /\/node_modules\/better-sqlite3\//,
  /\/node_modules\/@prisma\/client\//,
  /\/mock-backend\/(?!defaults\.ts$)/,
];

test("with BACKEND_URL set, neither the mock backend nor Prisma and SQLite are loaded", async () => {
  const remote = await modulesLoadedBy({ BACKEND_URL: "http://127.0.0.1:9" });
  expect(remote.some((url) => url.endsWith("/server/app.ts"))).toBe(true);
  expect(remote.some((url) => RELAY.test(url))).toBe(true);
  for (const pattern of MOCK_ONLY) expect(remote.filter((url) => pattern.test(url))).toEqual([]);

  // The same check finds them when the mock is mounted.
  const demo = await modulesLoadedBy({});
  for (const pattern of MOCK_ONLY) {
    expect(
      demo.some((url) => pattern.test(url)),
      String(pattern),
    ).toBe(true);
  }
}, 90_000);

test("once it has a quiet moment after its start, the server has loaded the Markdown renderer's jsdom", async () => {
  // Not before listening (the next test: the start-up line comes without it), and no longer on the first
  // issue or article after a start, which waited about a second for it (server/warm-up.ts).
  const loaded = await modulesLoadedBy({}, "warmed up the Markdown renderer");
  expect(loaded.some((url) => url.includes("/node_modules/jsdom/"))).toBe(true);
}, 60_000);

test("the demo on SQLite starts without PostgreSQL's driver, Web Push, the relay or 17 of the 18 languages", async () => {
  const demo = await modulesLoadedBy({});
  const unused = [
    /\/node_modules\/pg\//,
    /\/node_modules\/@prisma\/adapter-pg\//,
    /\/prisma\/postgresql\//,
    /\/node_modules\/web-push\//,
    RELAY,
    // Loaded by the warm-up, after the start-up line (the test before).
    /\/node_modules\/jsdom\//,
  ];
  for (const pattern of unused) expect(demo.filter((url) => pattern.test(url))).toEqual([]);
  // Each language's namespaces are chunks of the server build named after them; English is read at start.
  // Exactly the name and the bundler's hash of 8: shell-rules-<hash>.js is not the shell's translations.
  const translation = new RegExp(`/build/server/assets/(${NAMESPACES.join("|")})-[\\w-]{8}\\.js$`);
  expect(demo.filter((url) => translation.test(url))).toHaveLength(NAMESPACES.length);
}, 60_000);

test("a pipe gets JSON lines, and the start-up line names the address and the demo sign-in", async () => {
  const server = await start({});
  try {
    const ready = server
      .output()
      .split("\n")
      .find((line) => line.includes("Keel is ready"));
    expect(JSON.parse(ready ?? "")).toMatchObject({
      level: 30,
      msg: `Keel is ready at http://127.0.0.1:${server.port} · sign in as admin / demo`,
    });
  } finally {
    server.child.kill("SIGTERM");
    await server.exit;
  }
});

test("LOG_FORMAT=pretty writes readable lines: time, level, message, requests as method, path and status", async () => {
  const server = await start({ LOG_FORMAT: "pretty" });
  try {
    const output = server.output;
    const ready =
      /^\d\d:\d\d:\d\d INFO {2}Keel is ready at http:\/\/127\.0\.0\.1:(\d+) · sign in as admin \/ demo /m;
    await expect.poll(() => ready.exec(output())?.[1], { timeout: 10_000 }).toBeTruthy();
    const port = ready.exec(output())?.[1];
    expect((await fetch(`http://127.0.0.1:${port}/readyz?token=secret`)).status).toBe(200);
    await expect
      .poll(() => output(), { timeout: 5_000 })
      .toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/readyz 200 \d+ ms/m);
    expect(output()).not.toContain("token=secret");
    expect(
      output()
        .split("\n")
        .filter((line) => line.startsWith("{")),
    ).toEqual([]);
  } finally {
    server.child.kill("SIGTERM");
    await server.exit;
  }
});
