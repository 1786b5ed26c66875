import { createContext, type RouterContext, type RouterContextProvider } from "react-router";

export interface BackendRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface BackendResponse {
  status: number;
  headers: { get(name: string): string | null; getSetCookie(): string[] };
  body: string;
  rawBody?: Uint8Array;
}

/** HTTP to BACKEND_URL, or a direct in-process dispatch into the mock backend. */
export type BackendTransport = (request: BackendRequest) => Promise<BackendResponse>;

export interface RequestLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/**
 * Failures already logged. The API client shares a request's reads, so the root's loader and a page's own
 * reads (the menu pages load the shell too) meet the same rejection: it is logged once.
 */
const warned = new WeakSet<object>();

/** Logs a failure as a warning, unless this very error was already logged. */
export function warnOnce(log: RequestLogger | undefined, error: unknown, message: string): void {
  if (typeof error === "object" && error !== null) {
    if (warned.has(error)) return;
    warned.add(error);
  }
  log?.warn({ err: error }, message);
}

export interface KeelAuth {
  /** Keel has a registered OAuth client: /login offers the identity service's sign-in. */
  oauthEnabled: boolean;
  /** After the backend refused the access token: refreshes it once. False when the session has ended. */
  refresh(): Promise<boolean>;
  signInWithToken(token: string): Promise<boolean>;
  /** Ends the session; resolves to where the browser goes next (the identity service's logout, then `next`). */
  signOut(next: string): Promise<string>;
  /** Where a reader whose session ended goes: the sign-in page, then back to this page. */
  signInAgain: string;
  /** The identity service's account security page (two-factor set-up), with a way back to `path`. */
  accountSecurityUrl(path: string): Promise<string>;
}

export interface KeelRequestContext {
  transport: BackendTransport;
  /** Headers passed on to the backend: the session's bearer token, language and origin. */
  forwardHeaders: Record<string, string>;
  auth?: KeelAuth;
  nonce: string;
  requestId: string;
  csrfToken: string;
  verifyCsrf(token: string): boolean;
  demo: boolean;
  /** The configured third-party analytics script, and whether this is a production server. */
  analyticsScript?: { url: string | null; production: boolean };
  log: RequestLogger;
}

// The server sets it through the build's export of this very key (app/entry.server.tsx), so that the
// bundle's loaders read the instance they import.
export const keelContext: RouterContext<KeelRequestContext> = createContext<KeelRequestContext>();

export function getKeelContext(context: Readonly<RouterContextProvider>): KeelRequestContext {
  return context.get(keelContext);
}
