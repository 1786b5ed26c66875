// Drives the mock backend in-process, the way the server's transport does.
import { createMockBackendApp, type MockBackendOptions } from "../../mock-backend/app.ts";
import type { Db } from "../../mock-backend/db.ts";
import { createInProcessTransport } from "../../server/transport.ts";
import type { BackendResponse } from "../../app/lib/keel-context.ts";

export const TEST_SECRET = "test-secret-that-is-long-enough-0123456789";
export const SAME_ORIGIN = { host: "keel.test", origin: "http://keel.test" } as const;

export interface MockResponse {
  status: number;
  json: unknown;
  text: string;
  headers: BackendResponse["headers"];
}

export function mockClient(db: Db, options: Omit<MockBackendOptions, "db" | "secret"> = {}) {
  const transport = createInProcessTransport(createMockBackendApp({ ...options, db, secret: TEST_SECRET }));
  async function request(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<MockResponse> {
    const headers: Record<string, string> = { host: SAME_ORIGIN.host, ...options.headers };
    let body = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    } else if (body !== undefined) {
      headers["content-type"] ??= "application/json";
    }
    const response = await transport({ method, path, headers, body });
    let json: unknown = undefined;
    try {
      json = JSON.parse(response.body);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text: response.body, headers: response.headers };
  }

  /** Signs in and returns the session cookie header value. */
  async function signIn(login: string, password = "demo"): Promise<string> {
    const response = await request("POST", "/api/auth/login", {
      body: { login, password },
      headers: { origin: SAME_ORIGIN.origin },
    });
    if (response.status !== 200)
      throw new Error(`sign-in as ${login} failed: ${response.status} ${response.text}`);
    const cookie = response.headers.getSetCookie()[0];
    if (!cookie) throw new Error("sign-in set no cookie");
    return cookie.split(";")[0] ?? "";
  }

  return { request, signIn, transport };
}
