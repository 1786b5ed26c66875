import { IncomingMessage, ServerResponse } from "node:http";
import type { Express } from "express";
import inject from "light-my-request";
import type { BackendTransport } from "#app/lib/keel-context.ts";

/**
 * light-my-request re-parents the prototypes behind `app.request` and
 * `app.response`, which Express shares between all apps in the process. Give
 * this app private copies so the server's real requests stay untouched.
 */
function isolatePrototypes(app: Express): void {
  const own = (value: object, base: object) =>
    Object.create(base, Object.getOwnPropertyDescriptors(Object.getPrototypeOf(value))) as object;
  const appProperty = { app: { configurable: true, enumerable: true, writable: true, value: app } };
  app.request = Object.create(own(app.request, IncomingMessage.prototype), appProperty);
  app.response = Object.create(own(app.response, ServerResponse.prototype), appProperty);
}

/** Dispatches straight into the mock backend's Express app: same requests, no socket. */
export function createInProcessTransport(app: Express): BackendTransport {
  isolatePrototypes(app);
  return async ({ method, path, headers, body }) => {
    const payload = body instanceof Uint8Array ? Buffer.from(body) : body;
    const response = await inject(app, { method, url: path, headers, payload });
    const raw = response.headers;
    return {
      status: response.statusCode,
      body: response.payload,
      rawBody: response.rawPayload,
      headers: {
        get(name) {
          const value = raw[name.toLowerCase()];
          if (value === undefined) return null;
          return Array.isArray(value) ? value.join(", ") : String(value);
        },
        getSetCookie() {
          const value = raw["set-cookie"];
          if (value === undefined) return [];
          return Array.isArray(value) ? value : [String(value)];
        },
      },
    };
  };
}

/** Talks to a real backend over HTTP; redirects are the caller's business. */
export function createHttpTransport(baseUrl: string, timeoutMs = 15_000): BackendTransport {
  return async ({ method, path, headers, body }) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body instanceof Uint8Array ? Buffer.from(body) : body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const rawBody = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      headers: response.headers,
      body: new TextDecoder().decode(rawBody),
      rawBody,
    };
  };
}
