// The child process that runs one app's HTTP handlers, one call at a time, under the limits pool.ts and
// child.ts set. Each call runs in a fresh vm context (DONT_CONTEXTIFY) whose objects handler-prelude.js
// makes inside it, so nothing the handler reaches leads back to this realm's Function or `process`.
import { readFileSync } from "node:fs";
import vm from "node:vm";
import type { RunnerCall, RunnerJob, RunnerMessage, RunnerResult } from "./protocol.ts";

/** Runs in the handler's context; takes the job as JSON and the compiled file, answers JSON. */
// The permission model lets this process read only its own files, so the path is not imported from child.ts.
const PRELUDE = readFileSync(new URL("./handler-prelude.js", import.meta.url), "utf8");

type Dispatch = (jobJson: string, moduleFunction: unknown) => unknown;

/** As in handler-prelude.js, and in the answer's schema. */
const MAX_MESSAGE_CHARS = 2000;

async function runJob(job: RunnerJob): Promise<RunnerResult> {
  try {
    const context = vm.createContext(vm.constants.DONT_CONTEXTIFY);
    const dispatch = vm.runInContext(PRELUDE, context, { filename: "keel:handler-prelude" }) as Dispatch;
    let moduleFunction: unknown;
    try {
      moduleFunction = vm.compileFunction(job.source, ["exports", "require", "module", "console"], {
        parsingContext: context,
        filename: job.fileName,
      });
    } catch (error) {
      return { kind: "threw", message: String(error).slice(0, MAX_MESSAGE_CHARS), logs: [] };
    }
    const answer = await dispatch(JSON.stringify(job), moduleFunction);
    if (typeof answer !== "string") return { kind: "threw", message: "The handler failed", logs: [] };
    return JSON.parse(answer) as RunnerResult;
  } catch (error) {
    const message = error instanceof Error ? error.message : "The handler failed";
    return { kind: "threw", message: message.slice(0, MAX_MESSAGE_CHARS), logs: [] };
  }
}

function reply(message: RunnerMessage): void {
  if (!process.send) throw new Error("runner.ts runs only as a child of pool.ts");
  process.send(message);
}

// This realm needs no network: the handler has no way here, and none should appear by accident.
for (const name of ["fetch", "WebSocket", "EventSource"]) Reflect.deleteProperty(globalThis, name);
// A promise the handler left rejected must not end the process before it answers.
process.on("unhandledRejection", () => {});
process.on("disconnect", () => process.exit(0));
process.on("message", (message: RunnerCall) => {
  void runJob(message.job).then((result) => {
    reply({ type: "result", id: message.id, result });
    // Runs only once the microtasks the handler left have drained, so a promise chain that keeps going
    // after the answer keeps this from being sent, and pool.ts kills the child.
    setImmediate(() => reply({ type: "quiet", id: message.id }));
  });
});
reply({ type: "ready" });
