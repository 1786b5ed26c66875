// The child process that runs calls of one app's HTTP handlers (docs/widgets.md, "HTTP handlers"), one at
// a time. pool.ts starts it with Node's permission model (it may read this file and handler-prelude.js and nothing else; no
// writes, child processes, workers or addons), heap and address-space limits, code generation from strings
// disabled in this realm, and an empty environment, and kills it when a call runs too long, when it uses too
// much memory, or when it keeps working after it answered.
//
// Every call runs in a fresh vm context whose global is an ordinary object of that context
// (DONT_CONTEXTIFY), and every object the handler is given is made inside that context by handler-prelude.js, so
// nothing it can reach leads back to this realm's Function constructor or `process`.
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
