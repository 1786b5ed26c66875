// Calls a route's loader or action the way the server does: a request context
// whose API client reaches the mock backend in-process, as `login` or the guest.
import { RouterContextProvider } from "react-router";
import { keelContext, type KeelRequestContext } from "#app/lib/keel-context.ts";
import { apiMiddleware } from "#app/middleware/api.server.ts";
import { i18nMiddleware } from "#app/middleware/i18next.server.ts";
import type { Backend } from "./backend.ts";
import { SAME_ORIGIN } from "./mock-client.ts";

export interface RouteArgs {
  request: Request;
  context: RouterContextProvider;
  params: Record<string, string>;
  url: URL;
  pattern: string;
}

/** What a loader or action ended with: its data and status, or where it redirected. */
export interface RouteOutcome {
  status: number;
  data?: unknown;
  location?: string | null;
}

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}
const isDataWithInit = (value: unknown): value is DataWithInit =>
  typeof value === "object" &&
  value !== null &&
  (value as { type?: unknown }).type === "DataWithResponseInit";

function outcomeOf(value: unknown): RouteOutcome {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location") };
  if (isDataWithInit(value)) return { status: value.init?.status ?? 200, data: value.data };
  return { status: 200, data: value };
}

const silent = { info() {}, warn() {}, error() {} };

/** A form body as a browser posts it. */
export function formRequest(path: string, fields: Record<string, string | string[]>): RequestInit {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } };
}

export async function callRoute(
  backend: Backend,
  login: string | null,
  path: string,
  handler: (args: RouteArgs) => unknown,
  init?: RequestInit,
  /** Replaces parts of the server's request context (the transport). */
  contextOverrides: Partial<KeelRequestContext> = {},
): Promise<RouteOutcome> {
  const request = new Request(`${SAME_ORIGIN.origin}${path}`, init);
  const forwardHeaders: Record<string, string> = { host: SAME_ORIGIN.host, origin: SAME_ORIGIN.origin };
  // As the server does: the session's token, here the user's permanent one.
  if (login) Object.assign(forwardHeaders, await backend.readAs(login));
  const context = new RouterContextProvider();
  context.set(keelContext, {
    transport: backend.client.transport,
    forwardHeaders,
    nonce: "test-nonce",
    requestId: "test",
    csrfToken: "test-csrf",
    verifyCsrf: (token) => token === "test-csrf",
    demo: true,
    log: silent,
    ...contextOverrides,
  });
  const args: RouteArgs = { request, context, params: {}, url: new URL(request.url), pattern: "" };
  let outcome: { value: unknown } | { thrown: unknown } = { value: undefined };
  type MiddlewareArgs = Parameters<typeof apiMiddleware>[0];
  // The root's middleware as the server runs it: the API client, then the language.
  await apiMiddleware(
    args as unknown as MiddlewareArgs,
    async () =>
      (await i18nMiddleware(args as unknown as MiddlewareArgs, async () => {
        try {
          outcome = { value: await handler(args) };
        } catch (error) {
          outcome = { thrown: error };
        }
        return new Response(null);
      })) ?? new Response(null),
  );
  if ("thrown" in outcome) {
    if (outcome.thrown instanceof Response || isDataWithInit(outcome.thrown))
      return outcomeOf(outcome.thrown);
    throw outcome.thrown;
  }
  return outcomeOf(outcome.value);
}
