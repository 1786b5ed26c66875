// When the server cannot be reached, the page on screen stays (docs/decisions/0034-keep-the-page-when-the-server-is-unreachable.md).
// A read of the same page keeps what each route showed; a read of another page (a link, a fetcher) stays on
// this one; a change that could not be sent leaves its form as it was and says so. The root's middleware
// (app/offline/shown-page.ts) hands every result here once this module has come with the banner's chunk.
import { isRouteErrorResponse, replace } from "react-router";
import { installKeeper, QUIET_WRITE_FIELD, type Results, type ShownPage } from "./shown-page.ts";

/** What the connection banner says beside the network's state (app/offline/connection-status.tsx). */
export interface ConnectionTrouble {
  /** The page shows what was last loaded: a read of it could not reach the server. */
  readonly stale: boolean;
  /** A change could not be sent: nothing was saved. */
  readonly notSaved: boolean;
}

const CLEAR: ConnectionTrouble = { stale: false, notSaved: false };
let trouble: ConnectionTrouble = CLEAR;
const listeners = new Set<() => void>();

function setTrouble(change: Partial<ConnectionTrouble>): void {
  const next = { ...trouble, ...change };
  if (next.stale === trouble.stale && next.notSaved === trouble.notSaved) return;
  trouble = next;
  for (const listener of listeners) listener();
}

export function subscribeToTrouble(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

export const currentTrouble = (): ConnectionTrouble => trouble;
export const noTroubleOnServer = (): ConnectionTrouble => CLEAR;

function addressOf(url: string): string {
  const { pathname, search } = new URL(url, "http://keel.invalid");
  return `${pathname}${search}`;
}

const pathOf = (address: string) => new URL(address, "http://keel.invalid").pathname;

/** Another page shown was read just now; a change not saved is forgotten when its page is left. */
function shown(previous: ShownPage | null, next: ShownPage): void {
  if (previous === null) return;
  if (previous.address !== next.address) setTrouble({ stale: false });
  if (pathOf(previous.address) !== pathOf(next.address)) setTrouble({ notSaved: false });
}

/** How each browser words a fetch that never got an answer. */
const NETWORK_FAILURES = [
  "Failed to fetch", // Chromium
  "NetworkError when attempting to fetch resource", // Firefox
  "Load failed", // Safari
  "fetch failed", // Node's undici
];

function isDataWithResponseInit(value: unknown): value is { data: unknown } {
  return (
    typeof value === "object" && value !== null && "type" in value && value.type === "DataWithResponseInit"
  );
}

/** A balancer's answer for a server it cannot reach; Keel's own errors come with a structured body. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** The request never reached a Keel server: the network, or a balancer with no server behind it. */
export function isUnreachable(failure: unknown): boolean {
  // React Router's single fetch gives an action's failure wrapped with its status, as `data()` makes it.
  const error = isDataWithResponseInit(failure) ? failure.data : failure;
  if (error instanceof TypeError) return NETWORK_FAILURES.some((text) => error.message.includes(text));
  return isRouteErrorResponse(error) && GATEWAY_STATUSES.has(error.status) && typeof error.data === "string";
}

async function isQuiet(request: Request | null): Promise<boolean> {
  if (request === null) return false;
  try {
    return (await request.formData()).get(QUIET_WRITE_FIELD) === "1";
  } catch {
    return false;
  }
}

function replaced(results: Results, ids: readonly string[], value: (id: string) => unknown): Results {
  const next = { ...results };
  for (const id of ids) next[id] = { type: "data", result: value(id) };
  return next;
}

/** What the router gets: the same results, but where the server could not be reached. */
async function keep(
  request: Request,
  results: Results,
  write: Request | null,
  page: ShownPage | null,
): Promise<Results> {
  if (request.signal.aborted) return results;
  const failed = Object.keys(results).filter(
    (id) => results[id]!.type === "error" && isUnreachable(results[id]!.result),
  );
  if (request.method !== "GET") {
    // A change sent clears the notice of one not saved; a quiet write says nothing either way.
    if (failed.length === 0) {
      if (trouble.notSaved && !(await isQuiet(write))) setTrouble({ notSaved: false });
      return results;
    }
    if (!(await isQuiet(write))) setTrouble({ notSaved: true });
    // The form stays as it was, with what was typed in it: no error page, no answer to show.
    return replaced(results, failed, () => undefined);
  }
  const samePage = page !== null && addressOf(request.url) === page.address;
  if (failed.length === 0) {
    if (samePage) setTrouble({ stale: false });
    return results;
  }
  if (page === null) return results;
  if (!samePage) {
    // Another address could not be read, by a link or a fetcher: the person stays on this page, which keeps
    // what it shows. A route's redirect is the one answer a navigation, a fetcher's load and a fetcher's
    // read again after a change all follow (a thrown one is lost on the last).
    setTrouble({ stale: true });
    const stay = replace(page.address);
    return replaced(results, failed, () => stay);
  }
  if (!failed.every((id) => page.data.get(id) !== undefined)) return results;
  setTrouble({ stale: true });
  return replaced(results, failed, (id) => page.data.get(id));
}

installKeeper({ shown, keep });
