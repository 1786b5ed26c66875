// Where the server's time goes for one URL: node tests/bench/profile.ts [path] [seconds] [connections].
// Starts the production server on the build in bench/build (npm run bench makes it) with --cpu-prof and
// a temporary database, signs in as admin, loads the path with autocannon and prints the samples of the
// load window: self time by package or file and by function, and the inclusive time of the app's own
// functions, each as a share and in ms per request. Optional: CALLERS=fnA,fnB prints where those are
// called from; INCL=fnA,fnB prints their inclusive time; PACKAGES=react-router,… the functions of those. Not part of npm test or npm run bench.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, setUpDatabase, signIn, spawnServer, waitUntilReady } from "./bench-server.ts";
import { load } from "./load.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const target = process.argv[2] ?? "/issues";
const seconds = Number(process.argv[3] ?? 8);
const connections = Number(process.argv[4] ?? 16);
const scratch = mkdtempSync(path.join(os.tmpdir(), "keel-profile-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
const databaseUrl = `file:${path.join(scratch, "keel.db")}`;
await setUpDatabase(databaseUrl);
const port = await freePort();
const profileDir = path.join(scratch, "profile");
const server = spawnServer({
  buildDir: path.resolve("bench/build"),
  databaseUrl,
  port,
  nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
});
await waitUntilReady(server, 120_000);
const base = server.base;
const cookie = await signIn(base, "admin");
const headers = { cookie, "accept-encoding": "gzip, deflate, br", "user-agent": "Mozilla/5.0 Chrome/140" };
await load(`${base}${target}`, { connections, seconds: 2, headers });
const result = await load(`${base}${target}`, { connections, seconds, headers });
console.log(JSON.stringify(result));
// A stop by signal lets node write the profile.
await server.stop();

const file = readdirSync(profileDir)[0];
if (!file) throw new Error("no profile written");
const profile = JSON.parse(readFileSync(path.join(profileDir, file), "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const childId of node.children ?? []) parent.set(childId, node.id);

// Only the load window: the last `seconds` (and a little) before the shutdown.
const self = new Map<number, number>();
const totalUs = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
const from = totalUs - (seconds + 0.5) * 1e6;
let clock = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  clock += delta;
  if (clock >= from) self.set(id, (self.get(id) ?? 0) + delta);
});
const total = [...self.values()].reduce((sum, time) => sum + time, 0);
const idle = [...self].reduce(
  (sum, [id, time]) => sum + (byId.get(id)?.callFrame.functionName === "(idle)" ? time : 0),
  0,
);

const group = (url: string) => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  if (!url) return "(native)";
  return url
    .replace(/^file:\/\/.*?\/(app|server|mock-backend|build|bench)\//, "$1/")
    .replace(/^.*\/build\//, "build/");
};
const frame = (node: ProfileNode) =>
  `${node.callFrame.functionName || "(anonymous)"} ${group(node.callFrame.url)}`;
const perRequest = (time: number) => (time / 1000 / Math.max(result.requests, 1)).toFixed(2);
const show = (times: Map<string, number>, count: number) =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, time]) =>
        `${((100 * time) / total).toFixed(1).padStart(5)}% ${perRequest(time).padStart(6)} ms  ${name}`,
    )
    .join("\n");

const byGroup = new Map<string, number>();
const byFunction = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, time] of self) {
  const node = byId.get(id)!;
  byGroup.set(group(node.callFrame.url), (byGroup.get(group(node.callFrame.url)) ?? 0) + time);
  const name = `${frame(node)}:${node.callFrame.lineNumber}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + time);
  const seen = new Set<string>();
  for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
    const key = frame(byId.get(current)!);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + time);
  }
}
console.log(`ms per request, sampled, idle excluded: ${perRequest(total - idle)}`);
console.log(`== self time by package or file\n${show(byGroup, 25)}`);
console.log(`== self time by function\n${show(byFunction, 30)}`);
const own = new Map([...inclusive].filter(([key]) => /\s(app|server|mock-backend|build)\//.test(key)));
console.log(`== inclusive time of the app's own functions\n${show(own, 40)}`);
for (const wanted of (process.env.PACKAGES ?? "").split(",").filter(Boolean)) {
  const matching = new Map([...byFunction].filter(([key]) => key.split(" ")[1]?.startsWith(`${wanted}:`)));
  console.log(`== self time in ${wanted}\n${show(matching, 15)}`);
}
for (const wanted of (process.env.INCL ?? "").split(",").filter(Boolean)) {
  const matching = new Map([...inclusive].filter(([key]) => key.startsWith(`${wanted} `)));
  console.log(`== inclusive: ${wanted}\n${show(matching, 5)}`);
}
for (const wanted of (process.env.CALLERS ?? "").split(",").filter(Boolean)) {
  const chains = new Map<string, number>();
  for (const [id, time] of self) {
    if (byId.get(id)!.callFrame.functionName !== wanted) continue;
    const names: string[] = [];
    for (
      let current = parent.get(id);
      current !== undefined && names.length < 6;
      current = parent.get(current)
    ) {
      names.push(frame(byId.get(current)!));
    }
    const key = names.join(" < ");
    chains.set(key, (chains.get(key) ?? 0) + time);
  }
  console.log(`== callers of ${wanted}\n${show(chains, 6)}`);
}
