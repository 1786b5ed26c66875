// The requests a widget makes through the host (docs/widgets.md): to the product's API, to its
// app's own handlers and to the identity service, never outside them; mutating ones only after the
// user said yes (once, always, or deny), read-only queries sent as POST without asking.
import { type WidgetEntity } from "../protocol.ts";
import { WIDGET_APP_HEADER } from "#contract/constants.ts";

export type Decision = "once" | "always" | "deny";
export type ConfirmRequest = (request: {
  method: string;
  path: string;
  dataLoss: boolean;
}) => Promise<Decision>;

export class WidgetRequestError extends Error {
  readonly status: number | undefined;
  readonly data: unknown;
  constructor(message: string, status?: number, data?: unknown, name = "Error") {
    super(message);
    this.name = name;
    this.status = status;
    this.data = data;
  }
}

export interface RequestOutcome {
  status: number;
  data: unknown;
}

export interface WidgetStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<null>;
  removeItem(key: string): Promise<null>;
  clear(): Promise<null>;
  getKeys(): Promise<string[]>;
}

export interface WidgetRequests {
  fetchYouTrack(url: string, params: unknown): Promise<RequestOutcome>;
  fetchApp(url: string, params: unknown, entity: WidgetEntity | null): Promise<RequestOutcome>;
  fetchHub(url: string, params: unknown): Promise<RequestOutcome>;
  downloadFile(url: string, params: unknown, fileName?: string): Promise<void>;
  loadServices(applicationName: string): { id: string; applicationName: string; homeUrl: string }[];
  storage: WidgetStorage;
}

export interface WidgetRequestsOptions {
  appName: string;
  /** The page's origin and the install's base path ("" or "/youtrack"). */
  origin: string;
  basePath: string;
  confirm: ConfirmRequest;
  fetch?: typeof fetch;
  /** Starts a download of a blob in the page. */
  save?: (blob: Blob, fileName: string) => void;
}

interface Params {
  method: string;
  query: [string, string][];
  body: BodyInit | undefined;
  contentType: string | null;
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * The product's documented read-only queries that take their query in a POST body (paths under `/api/`).
 * They change nothing, so a widget's POST to one of them is not confirmed; every other non-GET request
 * is. The path must match exactly: a trailing segment, slash or encoded character is another resource.
 */
export const READ_ONLY_QUERY_POSTS: readonly string[] = [
  "search/assist",
  "issuesGetter",
  "issuesGetter/count",
  "commands/assist",
];
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
const SCOPE_PREFIX: Record<string, string> = {
  issue: "issues",
  ticket: "issues",
  article: "articles",
  project: "admin/projects",
  user: "users",
};

const notAllowed = (url: string) => new WidgetRequestError(`Request to ${url} is not allowed`);

/** The widget's request parameters (Ring's RequestParams), read defensively: real apps pass odd ones. */
export function readParams(raw: unknown): Params {
  const given = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const method = typeof given.method === "string" ? given.method.toUpperCase() : "GET";
  if (!METHODS.has(method)) throw new WidgetRequestError(`The method ${method} is not supported`);
  const query: [string, string][] = [];
  if (given.query && typeof given.query === "object") {
    for (const [name, value] of Object.entries(given.query as Record<string, unknown>)) {
      const values = Array.isArray(value) ? value : [value];
      for (const item of values) if (item !== undefined && item !== null) query.push([name, String(item)]);
    }
  }
  let body: BodyInit | undefined;
  let contentType: string | null = null;
  if (given.body !== undefined && given.body !== null && !SAFE_METHODS.has(method)) {
    if (typeof given.body === "string") {
      body = given.body;
      contentType = looksLikeJson(given.body) ? "application/json" : "text/plain;charset=UTF-8";
    } else {
      body = JSON.stringify(given.body);
      contentType = "application/json";
    }
  }
  return { method, query, body, contentType };
}

function looksLikeJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * `relative` resolved under `root` (an absolute URL ending in "/"), or null when it leaves it: another
 * origin, a scheme, `..` out of it (also percent-encoded, which URL parsing decodes) or a backslash.
 */
export function resolveUnder(root: string, relative: string): URL | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(relative) || relative.startsWith("//") || relative.includes("\\"))
    return null;
  let url: URL;
  try {
    url = new URL(relative.replace(/^\/+/, ""), root);
  } catch {
    return null;
  }
  const base = new URL(root);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  return url;
}

/** `decoded` path without its query, for messages: "issues/1-2/tags". */
const pathOf = (relative: string) => relative.split(/[?#]/)[0] ?? "";

export function createWidgetRequests(options: WidgetRequestsOptions): WidgetRequests {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const apiRoot = `${options.origin}${options.basePath}/api/`;
  const hubRoot = `${options.origin}${options.basePath}/hub/`;
  const app = encodeURIComponent(options.appName);
  // Every request names the widget's app: the backend answers app endpoints only to their own app.
  const caller = { [WIDGET_APP_HEADER]: options.appName };
  const always = new Set<string>();
  let decisionsLoaded: Promise<void> | null = null;

  const decisionsUrl = `${apiRoot}apps/${app}/requestDecisions`;
  const loadDecisions = () =>
    (decisionsLoaded ??= doFetch(decisionsUrl, {
      credentials: "same-origin",
      headers: { accept: "application/json", ...caller },
    })
      .then(async (response) => {
        if (!response.ok) return;
        const answer = (await response.json()) as { always?: unknown };
        if (Array.isArray(answer.always))
          for (const m of answer.always) if (typeof m === "string") always.add(m);
      })
      .catch(() => undefined));

  async function approve(method: string, path: string): Promise<void> {
    if (SAFE_METHODS.has(method)) return;
    await loadDecisions();
    if (always.has(method)) return;
    const decision = await options.confirm({ method, path, dataLoss: method === "DELETE" });
    if (decision === "deny") {
      throw new WidgetRequestError(`The ${method} request to ${path} was declined by user`);
    }
    if (decision === "always") {
      always.add(method);
      await doFetch(`${decisionsUrl}/${method}`, {
        method: "PUT",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json", ...caller },
        body: JSON.stringify({ decision: "always" }),
      }).catch(() => undefined);
    }
  }

  async function send(url: URL, params: Params): Promise<RequestOutcome> {
    for (const [name, value] of params.query) url.searchParams.append(name, value);
    const headers: Record<string, string> = { accept: "application/json", ...caller };
    if (params.contentType) headers["content-type"] = params.contentType;
    let response: Response;
    try {
      response = await doFetch(url.href, {
        method: params.method,
        headers,
        body: params.body,
        credentials: "same-origin",
        redirect: "error",
      });
    } catch (error) {
      throw new WidgetRequestError(
        error instanceof Error ? error.message : "Network error",
        0,
        undefined,
        "HTTPError",
      );
    }
    const text = await response.text();
    let data: unknown = text;
    if ((response.headers.get("content-type") ?? "").includes("json") && text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (!response.ok) {
      const described =
        data &&
        typeof data === "object" &&
        typeof (data as { error_description?: unknown }).error_description === "string"
          ? (data as { error_description: string }).error_description
          : response.statusText || `HTTP ${response.status}`;
      throw new WidgetRequestError(described, response.status, data, "HTTPError");
    }
    return { status: response.status, data: text === "" ? null : data };
  }

  /** A POST to one of the product's read-only queries under `/api/`. */
  const readOnlyQuery = (root: string, url: URL, method: string) =>
    root === apiRoot &&
    method === "POST" &&
    READ_ONLY_QUERY_POSTS.includes(url.pathname.slice(new URL(apiRoot).pathname.length));

  async function under(root: string, relative: string, raw: unknown, confirm: boolean) {
    const url = resolveUnder(root, relative);
    if (!url) throw notAllowed(relative);
    const params = readParams(raw);
    if (confirm && !readOnlyQuery(root, url, params.method)) await approve(params.method, pathOf(relative));
    return send(url, params);
  }

  async function storageCall(method: string, key: string | null, body?: unknown): Promise<unknown> {
    // fetch reads `storage/.` as `storage/`: removeItem(".") would clear every key.
    if (key === "" || key === "." || key === "..") {
      throw new WidgetRequestError(`The key "${key}" is not supported`);
    }
    const path = `${apiRoot}apps/${app}/storage${key === null ? "" : `/${encodeURIComponent(key)}`}`;
    const response = await doFetch(path, {
      method,
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        ...caller,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const name = typeof answer.error === "string" ? answer.error : "Error";
      const message =
        typeof answer.error_description === "string"
          ? answer.error_description
          : `Storage failed (${response.status})`;
      throw new WidgetRequestError(message, response.status, undefined, name);
    }
    return answer;
  }

  return {
    fetchYouTrack: (url, params) => under(apiRoot, url, params, true),
    fetchHub: (url, params) => under(hubRoot, url, params, true),
    async fetchApp(url, params, entity) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("/") || /(^|\/)\.\.?(\/|$)/.test(pathOf(url))) {
        throw notAllowed(url);
      }
      const scoped = Boolean(params && typeof params === "object" && (params as { scope?: unknown }).scope);
      let prefix = "";
      if (scoped) {
        const kind = entity ? SCOPE_PREFIX[entity.type] : undefined;
        if (!entity || !kind) {
          throw new WidgetRequestError(
            "Scoped app endpoints are supported only for user, article, project, issue and ticket entities",
          );
        }
        prefix = `${kind}/${encodeURIComponent(entity.id)}/`;
      }
      const appRoot = `${apiRoot}${prefix}extensionEndpoints/${app}/`;
      return under(appRoot, url, params, false);
    },
    async downloadFile(relative, params, fileName) {
      const url = resolveUnder(apiRoot, relative);
      if (!url) throw notAllowed(relative);
      const read = readParams(params);
      for (const [name, value] of read.query) url.searchParams.append(name, value);
      const response = await doFetch(url.href, {
        credentials: "same-origin",
        redirect: "error",
        headers: caller,
      });
      if (!response.ok)
        throw new WidgetRequestError(response.statusText || "Download failed", response.status);
      const name = fileName || decodeURIComponent(url.pathname.split("/").pop() || "download");
      options.save?.(await response.blob(), name);
    },
    loadServices(applicationName) {
      const services = [
        { id: "youtrack", applicationName: "YouTrack", homeUrl: `${options.origin}${options.basePath}/` },
        { id: "hub", applicationName: "Hub", homeUrl: `${options.origin}${options.basePath}/hub` },
      ];
      const wanted = applicationName.toLowerCase();
      return wanted ? services.filter((s) => s.applicationName.toLowerCase() === wanted) : services;
    },
    storage: {
      async getItem(key) {
        const answer = (await storageCall("GET", key)) as { value?: unknown };
        return typeof answer.value === "string" ? answer.value : null;
      },
      async setItem(key, value) {
        await storageCall("PUT", key, { value });
        return null;
      },
      async removeItem(key) {
        await storageCall("DELETE", key);
        return null;
      },
      async clear() {
        await storageCall("DELETE", null);
        return null;
      },
      async getKeys() {
        const answer = (await storageCall("GET", null)) as { keys?: unknown };
        return Array.isArray(answer.keys)
          ? answer.keys.filter((k): k is string => typeof k === "string")
          : [];
      },
    },
  };
}
