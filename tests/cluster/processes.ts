// The cluster test's processes: PostgreSQL run as the `postgres` user, servers, HAProxy. Every process
// started here is remembered and ended by stopAll(), whatever happens to the test.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export interface Started {
  name: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

const started = new Set<Started>();
const cleanups: (() => void)[] = [];

/** The first free loopback ports of KEEL_CLUSTER_TEST_PORTS (`from-to`). */
export async function freePorts(count: number): Promise<number[]> {
  const [from, to] = (process.env.KEEL_CLUSTER_TEST_PORTS ?? "41000-41999").split("-").map(Number);
  const ports: number[] = [];
  for (let port = from!; port <= to! && ports.length < count; port += 1) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) ports.push(port);
  }
  if (ports.length < count) throw new Error(`fewer than ${count} free ports in ${from}-${to}`);
  return ports;
}

function onPath(program: string): boolean {
  return (process.env.PATH ?? "")
    .split(":")
    .concat(["/usr/sbin", "/sbin"])
    .some((dir) => existsSync(path.join(dir, program)));
}

/** PostgreSQL's server programs, from Debian's postgresql package. */
export function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, "bin");
    if (existsSync(path.join(bin, "initdb")) && existsSync(path.join(bin, "pg_ctl"))) return bin;
  }
  return null;
}

const isRoot = () => process.getuid?.() === 0;

/** One line naming the package to install, or null when every program the test needs is here. */
export function missingProgram(): string | null {
  if (!postgresBin()) return "cluster: PostgreSQL's server is missing: apt-get install -y postgresql";
  if (!onPath("haproxy")) return "cluster: HAProxy is missing: apt-get install -y haproxy";
  if (isRoot()) {
    if (!onPath("runuser")) return "cluster: runuser is missing: apt-get install -y util-linux";
    if (spawnSync("id", ["-u", "postgres"]).status !== 0) {
      return "cluster: the postgres user is missing: apt-get install -y postgresql";
    }
  }
  return null;
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
function asPostgres(program: string, args: string[]): [string, string[]] {
  return isRoot() ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, args];
}

export function track(name: string, child: ChildProcess): Started {
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (output.length > 100) output.splice(0, output.length - 100);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const entry = { name, child, output, exited };
  started.add(entry);
  void exited.then(() => started.delete(entry));
  return entry;
}

export function startProcess(name: string, program: string, args: string[], env: NodeJS.ProcessEnv): Started {
  return track(
    name,
    spawn(program, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] }),
  );
}

/**
 * A PostgreSQL server on `port`, in a new folder outside root's home that the postgres user owns, with
 * durability off (a test's data). Returns its URL base (`postgresql://postgres@127.0.0.1:port`).
 */
export function startPostgres(port: number): string {
  const bin = postgresBin()!;
  const dir = mkdtempSync(path.join(isRoot() ? "/var/tmp" : os.tmpdir(), "keel-cluster-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  if (isRoot()) {
    const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
    const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = path.join(dir, "data");
  const run = (program: string, args: string[]) => {
    const [command, argv] = asPostgres(path.join(bin, program), args);
    const result = spawnSync(command, argv, { encoding: "utf8", cwd: dir });
    if (result.status !== 0) throw new Error(`${program} failed:\n${result.stdout}\n${result.stderr}`);
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  cleanups.unshift(() => {
    const [command, argv] = asPostgres(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
    spawnSync(command, argv, { cwd: dir, stdio: "ignore" });
  });
  run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"]);
  return `postgresql://postgres@127.0.0.1:${port}`;
}

/** The last lines each process still tracked printed, for a failure's explanation. */
export function recentOutput(lines = 15): string {
  return [...started]
    .map((entry) => `--- ${entry.name}\n${entry.output.slice(-lines).join("\n")}`)
    .join("\n");
}

/** Ends every process still running (SIGKILL: nothing is left to drain) and PostgreSQL, and deletes its folder. */
export async function stopAll(): Promise<void> {
  const waits = [...started].map((entry) => {
    if (entry.child.exitCode === null && entry.child.signalCode === null) entry.child.kill("SIGKILL");
    return entry.exited;
  });
  await Promise.all(waits);
  for (const cleanup of cleanups.splice(0)) {
    try {
      cleanup();
    } catch {
      // Best effort: the next cleanup still runs.
    }
  }
}
