// Drives the mock backend in-process, the way the server's transport does.
import { createMockBackendApp, type MockBackendOptions } from "#mock-backend/app.ts";
import type { Db } from "#mock-backend/db.ts";
import { createInProcessTransport } from "#server/transport.ts";
import type { BackendResponse } from "#app/lib/keel-context.ts";

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

  return { request, transport };
}
