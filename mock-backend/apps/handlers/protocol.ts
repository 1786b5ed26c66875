// The messages between Keel's process and a handler child (runner.ts). The child may read nothing but its
// own file, so it imports only types from here (`import type`, which Node erases).
import { z } from "zod";

export type HandlerScope = "global" | "issue" | "article" | "project" | "user";

/** An entity as a scoped handler sees it (`ctx.issue`, `ctx.project`…), without extensionProperties. */
export type HandlerEntity = Record<string, unknown> & { id: string };

export interface RunnerJob {
  /** The handler file's source and its name, for error messages and stack frames. */
  source: string;
  fileName: string;
  scope: HandlerScope;
  request: {
    method: string;
    path: string;
    body: string;
    query: Record<string, string[]>;
    headers: { name: string; value: string }[];
  };
  currentUser: HandlerEntity;
  entity?: HandlerEntity;
  /** The project of an issue or article handler's entity (`ctx.project`). */
  project?: HandlerEntity;
  settings: Record<string, unknown>;
  /** Where each holder's extensionProperties live: AppStorage scopes. */
  storageScopes: { global: string; currentUser: string; entity?: string; project?: string };
  storage: Record<string, string>;
  /** Permission keys Keel knows, and those the caller holds where the call applies. */
  knownPermissions: string[];
  heldPermissions: string[];
}

const RunnerLogSchema = z.object({
  level: z.enum(["log", "info", "warn", "error", "debug"]),
  message: z.string().max(2000),
});
export type RunnerLog = z.infer<typeof RunnerLogSchema>;
const logs = z.array(RunnerLogSchema).max(200);

/** What the child answers, checked with this schema since the child runs someone else's code. */
export const RunnerResultSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("done"),
    code: z.number().int().min(200).max(599),
    headers: z.array(z.tuple([z.string(), z.string()])).max(50),
    body: z.string().nullable(),
    contentType: z.enum(["application/json", "text/plain"]).nullable(),
    changed: z.record(z.string(), z.string()),
    logs,
  }),
  z.object({ kind: z.literal("no_handler"), logs }),
  z.object({ kind: z.literal("no_endpoint"), logs }),
  z.object({ kind: z.literal("forbidden"), permission: z.string().max(2000), logs }),
  z.object({ kind: z.literal("threw"), message: z.string().max(2000), logs }),
]);
export type RunnerResult = z.infer<typeof RunnerResultSchema>;

/**
 * Keel sends `{id, job}`; the child answers each with a result of the same id, then says `quiet` once the
 * work the handler left behind has drained (a handler may keep a promise chain going after it answered).
 */
export interface RunnerCall {
  id: number;
  job: RunnerJob;
}

export type RunnerMessage =
  { type: "ready" } | { type: "result"; id: number; result: RunnerResult } | { type: "quiet"; id: number };
