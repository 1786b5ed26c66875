import { createContext, type RouterContext, type RouterContextProvider } from "react-router";

export interface BackendRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path and query, starting with /api/ or /hub/. */
  path: string;
  headers: Record<string, string>;
  /** Text, or bytes for binary uploads (app packages). */
  body?: string | Uint8Array;
}

export interface BackendResponse {
  status: number;
  headers: { get(name: string): string | null; getSetCookie(): string[] };
  body: string;
  /** The body's bytes, for binary answers (app files). */
  rawBody?: Uint8Array;
}

/** HTTP to BACKEND_URL, or a direct in-process dispatch into the mock backend. */
export type BackendTransport = (request: BackendRequest) => Promise<BackendResponse>;

export interface RequestLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface KeelAuth {
  /** Keel has a registered OAuth client: /login offers the identity service's sign-in. */
  oauthEnabled: boolean;
  /** After the backend refused the access token: refreshes it once. False when the session has ended. */
  refresh(): Promise<boolean>;
  /** Signs in the owner of a permanent token; false when the backend does not accept it. */
  signInWithToken(token: string): Promise<boolean>;
  /** Ends the session; resolves to where the browser goes next (the identity service's logout, then `next`). */
  signOut(next: string): Promise<string>;
  /** Where a reader whose session ended goes: the sign-in page, then back to this page. */
  signInAgain: string;
  /** The identity service's account security page (two-factor set-up), with a way back to `path`. */
  accountSecurityUrl(path: string): Promise<string>;
}

/** What the server gives every loader, action and middleware for one request. */
export interface KeelRequestContext {
  transport: BackendTransport;
  /** Headers passed on to the backend: the session's bearer token, language and origin. */
  forwardHeaders: Record<string, string>;
  /** The session with the backend's identity service (docs/identity.md). */
  auth?: KeelAuth;
  nonce: string;
  requestId: string;
  csrfToken: string;
  verifyCsrf(token: string): boolean;
  /** True when the built-in mock backend serves the demo data. */
  demo: boolean;
  /** The configured third-party analytics script, and whether this is a production server. */
  analyticsScript?: { url: string | null; production: boolean };
  log: RequestLogger;
  /** The server was started with KEEL_BENCH=1 (npm run bench): the bare benchmark page answers. */
  bench?: boolean;
}

// One context object for the server process and the bundled app, which import
// this module separately: both reach it through the same global symbol.
const KEY = Symbol.for("keel.requestContext");
const globalRegistry = globalThis as unknown as Record<symbol, RouterContext<KeelRequestContext> | undefined>;
export const keelContext: RouterContext<KeelRequestContext> = (globalRegistry[KEY] ??=
  createContext<KeelRequestContext>());

export function getKeelContext(context: Readonly<RouterContextProvider>): KeelRequestContext {
  return context.get(keelContext);
}
