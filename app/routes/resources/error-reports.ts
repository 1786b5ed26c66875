// Where the browser's error reporter delivers (app/shell/use-client-runtime.ts): into the server's log,
// where on-prem admins look. The root middleware has already checked the CSRF token.
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/error-reports";
import { getKeelContext } from "#app/lib/keel-context.ts";

const MAX_BODY_BYTES = 16 * 1024;

const ErrorReportSchema = z.object({
  kind: z.enum(["pageLoad", "other"]),
  sampleRate: z.number().min(0).max(1),
  name: z.string().max(200),
  message: z.string().max(2_000),
  stack: z.string().max(8_000).optional(),
  path: z.string().max(2_000),
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ error: "Method not allowed" }, { status: 405 });
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES) {
    throw data({ error: "Report too large" }, { status: 413 });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw data({ error: "Report is not JSON" }, { status: 400 });
  }
  const parsed = ErrorReportSchema.safeParse(body);
  if (!parsed.success) throw data({ error: "Invalid report", issues: parsed.error.issues }, { status: 400 });
  // Query strings can carry tokens: only the path is logged.
  const report = { ...parsed.data, path: parsed.data.path.split("?")[0] };
  getKeelContext(context).log.warn({ clientError: report }, "client error report");
  return data({ received: true }, { status: 202 });
}
