// The production server as the benchmark runs it: its own database, a free port, a chosen build.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { DEMO_CLIENT } from "#mock-backend/identity/demo-client.ts";
import { demoToken } from "#prisma/factories.ts";
import { TRUE_BARE_PATH, TRUE_BARE_SERVER } from "./true-bare-app/path.ts";

// Other work on this machine uses these; the benchmark never does.
const RESERVED_PORTS = new Set([3000, 3100, 3300]);

/** Runs a Node script to its end (in `cwd`, else here); its output is shown only when it fails. */
export async function runNode(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  cwd?: string,
): Promise<void> {
  const child = spawn(process.execPath, [script, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`${script} ${args.join(" ")} failed:\n${output}`);
}

/** Migrates and seeds a new SQLite database (prisma/setup.ts), as `npm run db:setup` does. */
export function setUpDatabase(databaseUrl: string): Promise<void> {
  return runNode("prisma/setup.ts", [], { DATABASE_URL: databaseUrl });
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  for (;;) {
    const probe = createServer();
    probe.listen(0, "127.0.0.1");
    await once(probe, "listening");
    const address = probe.address();
    probe.close();
    await once(probe, "close");
    if (typeof address === "object" && address && !RESERVED_PORTS.has(address.port)) return address.port;
  }
}

export interface ServerOptions {
  buildDir: string;
  databaseUrl: string;
  port: number;
  /** Options for node itself, before the script (tests/bench/profile.ts passes --cpu-prof). */
  nodeArgs?: string[];
  /** The script to run: Keel's server, or the mock backend on its own (mock-backend/standalone.ts). */
  script?: string;
  /** Settings beside the benchmark's own (BACKEND_URL, OAUTH_CLIENT_ID…). */
  env?: Record<string, string>;
}

export interface RunningServer {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns `node server/index.js` in production mode; resolves once the process exists, not once it is ready. */
export function spawnServer(options: ServerOptions): RunningServer {
  const script = options.script ?? "server/index.js";
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      SESSION_SECRET: "keel-bench-session-secret-0123456789abcdefghijkl",
      LOG_LEVEL: "warn",
      KEEL_BUILD_DIR: options.buildDir,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  const exited = once(child, "exit");
  child.on("exit", (code, signal) => {
    if (code && code !== 0) console.error(`${script} exited with ${code ?? signal}:\n${output}`);
  });
  return {
    base: `http://127.0.0.1:${options.port}`,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The mock backend as a server of its own (mock-backend/standalone.ts), ready, and the settings of a Keel in
 * front of it: BACKEND_URL and the demo's OAuth client, as in production.
 */
export async function startBackend(
  options: Pick<ServerOptions, "buildDir" | "databaseUrl">,
): Promise<{ backend: RunningServer; keelEnv: Record<string, string> }> {
  const port = await freePort();
  const backend = spawnServer({
    ...options,
    port,
    script: "mock-backend/standalone.ts",
    env: { MOCK_BACKEND_PORT: String(port) },
  });
  try {
    await waitUntilReady(backend);
  } catch (error) {
    await backend.stop();
    throw error;
  }
  return {
    backend,
    keelEnv: {
      BACKEND_URL: backend.base,
      OAUTH_CLIENT_ID: DEMO_CLIENT.id,
      OAUTH_CLIENT_SECRET: DEMO_CLIENT.secret,
    },
  };
}

/** The resident set of a process in MB, from Linux's /proc. */
export function residentMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (kb === undefined) throw new Error(`no resident set for process ${pid}`);
  return Number(kb) / 1024;
}

/** Polls /readyz (or `readyPath`) until it answers 200; fails when the process exits or the time runs out. */
export async function waitUntilReady(
  server: RunningServer,
  timeoutMs = 20_000,
  readyPath = "/readyz",
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error("the server exited before it was ready");
    const status = await fetch(`${server.base}${readyPath}`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms`);
}

function remember(jar: Map<string, string>, response: Response): void {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    const split = pair.indexOf("=");
    if (split > 0) jar.set(pair.slice(0, split).trim(), pair.slice(split + 1).trim());
  }
}

/**
 * The true baseline (tests/bench/true-bare-app): its own Express server on its own build, none of Keel's
 * server code; ready once its page answers.
 */
/**
 * Each build served by Keel's server on a demo database of its own in `scratch`, in order, each ready
 * before the next starts; if one fails, those already started are stopped.
 */
export async function serveBuilds(buildDirs: readonly string[], scratch: string): Promise<RunningServer[]> {
  const servers: RunningServer[] = [];
  try {
    for (const [index, buildDir] of buildDirs.entries()) {
      const databaseUrl = `file:${path.join(scratch, `keel-${index}.db`)}`;
      await setUpDatabase(databaseUrl);
      const server = spawnServer({ buildDir: path.resolve(buildDir), databaseUrl, port: await freePort() });
      servers.push(server);
      await waitUntilReady(server, 60_000);
    }
    return servers;
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    throw error;
  }
}

export async function startTrueBare(buildDir: string, timeoutMs = 20_000): Promise<RunningServer> {
  const server = spawnServer({ buildDir, databaseUrl: "", port: await freePort(), script: TRUE_BARE_SERVER });
  try {
    await waitUntilReady(server, timeoutMs, TRUE_BARE_PATH);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** Signs in with the demo user's permanent token on the login page; returns the session's Cookie header. */
export async function signIn(base: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const form = await fetch(`${base}/login`);
  remember(jar, form);
  const input = /<input[^>]*\bname="csrf"[^>]*>/.exec(await form.text())?.[0] ?? "";
  const csrf = /\bvalue="([^"]+)"/.exec(input)?.[1];
  if (!csrf) throw new Error("no csrf field on /login");
  const answer = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookieHeader(),
      origin: base,
    },
    body: new URLSearchParams({ csrf, token: demoToken(login), redirect: "/issues" }),
  });
  if (answer.status !== 302) throw new Error(`signing in as ${login} answered ${answer.status}`);
  remember(jar, answer);
  return cookieHeader();
}

/** A Cookie header as the cookies a browser is given for `url` (the DevTools protocol's and Playwright's shape). */
export function browserCookies(
  cookieHeader: string,
  url: string,
): { name: string; value: string; url: string }[] {
  return cookieHeader
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => ({
      name: pair.slice(0, pair.indexOf("=")),
      value: pair.slice(pair.indexOf("=") + 1),
      url,
    }));
}

/** Builds an app into buildDir with react-router build: Keel, or the project in `projectDir`. */
export function buildInto(buildDir: string, projectDir = "."): Promise<void> {
  return runNode(path.resolve("node_modules/@react-router/dev/bin.cjs"), ["build", projectDir], {
    KEEL_BUILD_DIR: path.resolve(buildDir),
  });
}

/** User and system CPU time of a process so far, in milliseconds (Linux's /proc, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name may hold spaces: the fields after it are counted from its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10;
}
