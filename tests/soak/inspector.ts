// The soak's view into the server's memory: the server runs with --inspect on loopback, and this client asks
// V8 for full garbage collections and then for process.memoryUsage(). Readings taken right after a full
// collection show what the server keeps; the resident set without one mostly shows when V8 last chose to
// collect, which moves from run to run by a fifth or more (docs/decisions/0030-soak-memory-after-full-collections.md).

/** The DevTools address the inspected process printed, as in "Debugger listening on ws://127.0.0.1:9229/…". */
export function inspectorUrl(lines: readonly string[]): string | null {
  for (const line of lines) {
    const match = /Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/.exec(line);
    if (match?.[1]) return match[1];
  }
  return null;
}

/** process.memoryUsage() of the inspected process, in bytes. */
export interface MemoryReading {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export interface Inspector {
  /** Two full collections (the second frees what the first's finalizers let go), then the memory. */
  memoryAfterFullGc(): Promise<MemoryReading>;
  close(): void;
}

interface Reply {
  id?: number;
  result?: { result?: { value?: unknown } };
  error?: { message: string };
}

export async function connectInspector(url: string, timeoutMs = 10_000): Promise<Inspector> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from the inspector at ${url}`)), timeoutMs);
    socket.addEventListener("open", () => (clearTimeout(timer), resolve()), { once: true });
    socket.addEventListener("error", () => (clearTimeout(timer), reject(new Error(`inspector ${url}`))), {
      once: true,
    });
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  socket.addEventListener("message", (event) => {
    const reply = JSON.parse(String(event.data)) as Reply;
    const waiter = reply.id === undefined ? undefined : pending.get(reply.id);
    if (!waiter || reply.id === undefined) return;
    pending.delete(reply.id);
    if (reply.error) waiter.reject(new Error(reply.error.message));
    else waiter.resolve(reply);
  });
  socket.addEventListener("close", () => {
    for (const waiter of pending.values()) waiter.reject(new Error("the inspector closed"));
    pending.clear();
  });
  const call = (method: string, params: object = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const id = ++nextId;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`the inspector did not answer ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(id, {
        resolve: (reply) => (clearTimeout(timer), resolve(reply)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call("HeapProfiler.enable");
  return {
    async memoryAfterFullGc() {
      await call("HeapProfiler.collectGarbage");
      await call("HeapProfiler.collectGarbage");
      const reply = await call("Runtime.evaluate", {
        expression: "JSON.stringify(process.memoryUsage())",
        returnByValue: true,
      });
      const value = reply.result?.result?.value;
      if (typeof value !== "string")
        throw new Error("process.memoryUsage() gave no answer through the inspector");
      return JSON.parse(value) as MemoryReading;
    },
    close: () => socket.close(),
  };
}
