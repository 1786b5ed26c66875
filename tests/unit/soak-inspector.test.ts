import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, test } from "vitest";
import { connectInspector, inspectorUrl } from "../soak/inspector.ts";

describe("inspectorUrl", () => {
  test("reads the address Node prints for --inspect", () => {
    expect(
      inspectorUrl([
        "Debugger listening on ws://127.0.0.1:40221/0f5c7d3e-8b1a-4f6e-9a2b-3c4d5e6f7a8b",
        "For help, see: https://nodejs.org/en/docs/inspector",
      ]),
    ).toBe("ws://127.0.0.1:40221/0f5c7d3e-8b1a-4f6e-9a2b-3c4d5e6f7a8b");
  });

  test("takes only a loopback address, and none when there is none", () => {
    expect(inspectorUrl(["Debugger listening on ws://0.0.0.0:9229/abc"])).toBeNull();
    expect(inspectorUrl(["server listening on 127.0.0.1:3000"])).toBeNull();
  });
});

describe("connectInspector", () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
  });

  test("reads a process's heap after full collections: garbage is gone, what it keeps is not", async () => {
    // 40 MB of numbers kept by a global and 40 MB let go: a collection frees only the second.
    const child = spawn(
      process.execPath,
      [
        "--inspect=127.0.0.1:0",
        "-e",
        `globalThis.kept = new Array(5e6).fill(0.5);
         let garbage = new Array(5e6).fill(0.25);
         garbage = null;
         console.log("ready");
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    children.push(child);
    const lines: string[] = [];
    child.stderr.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n")));
    await once(child.stdout, "data");
    let url: string | null = null;
    while (!(url = inspectorUrl(lines))) await once(child.stderr, "data");

    const inspector = await connectInspector(url);
    try {
      const reading = await inspector.memoryAfterFullGc();
      expect(reading.heapUsed).toBeGreaterThan(40e6);
      expect(reading.heapUsed).toBeLessThan(70e6);
      expect(reading.rss).toBeGreaterThan(reading.heapUsed);
    } finally {
      inspector.close();
    }
  }, 30_000);
});
