// The code that runs inside each handler call's vm context, before the handler (docs/widgets.md, "HTTP
// handlers"). runner.ts reads it once at startup and runs it in every fresh context as
// `(function (jobJson, moduleFunction) {…})`: it takes the job as JSON and the compiled handler file, builds
// every object the handler is given inside that context, and answers JSON. It may use only what the
// language itself defines: the context has no Node or browser globals.
// Plain ES2022 without imports: it is read as text, never bundled.
// eslint-disable-next-line @typescript-eslint/no-unused-expressions -- the runner evaluates it for its value
(function (jobJson, moduleFunction) {
  "use strict";
  // Both run the handler's code later, as tasks of their own: it would outlast its call.
  delete globalThis.FinalizationRegistry;
  delete Atomics.waitAsync;
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const hasOwn = Object.hasOwn;
  const keys = Object.keys;
  const isArray = Array.isArray;
  const MAX_LOGS = 200;
  const MAX_LOG_CHARS = 2000;
  const MAX_MESSAGE_CHARS = 2000;
  const job = parse(jobJson);
  const logs = [];

  function messageOf(error) {
    try {
      if (error !== null && typeof error === "object" && "message" in error) return String(error.message);
      return String(error);
    } catch {
      return "The handler failed";
    }
  }
  function show(value) {
    if (typeof value === "string") return value;
    try {
      if (value instanceof Error) return value.name + ": " + value.message;
      const text = stringify(value);
      return text === undefined ? String(value) : text;
    } catch {
      return messageOf(value);
    }
  }
  function logger(level) {
    return function () {
      if (logs.length >= MAX_LOGS) return;
      let message = "";
      for (let i = 0; i < arguments.length; i += 1) message += (i > 0 ? " " : "") + show(arguments[i]);
      logs.push({ level: level, message: message.slice(0, MAX_LOG_CHARS) });
    };
  }
  function finish(result) {
    result.logs = logs;
    return stringify(result);
  }
  const threw = (message) => finish({ kind: "threw", message: message.slice(0, MAX_MESSAGE_CHARS) });
  const trimSlashes = (path) => path.replace(/^\/+|\/+$/g, "");

  const console = {
    log: logger("log"),
    info: logger("info"),
    warn: logger("warn"),
    error: logger("error"),
    debug: logger("debug"),
    trace: logger("debug"),
  };
  function require() {
    throw new Error("require is not available");
  }
  const module = { exports: {} };

  return (async function () {
    try {
      moduleFunction.call(module.exports, module.exports, require, module, console);
    } catch (error) {
      return threw(messageOf(error));
    }
    const isObject = (value) => value !== null && (typeof value === "object" || typeof value === "function");
    const handler = isObject(module.exports) ? module.exports.httpHandler : undefined;
    const endpoints = isObject(handler) ? handler.endpoints : undefined;
    if (!isArray(endpoints)) return finish({ kind: "no_handler" });

    const wanted = trimSlashes(job.request.path);
    let endpoint;
    for (const candidate of endpoints) {
      if (candidate === null || typeof candidate !== "object" || typeof candidate.handle !== "function")
        continue;
      const scope =
        candidate.scope === undefined || candidate.scope === null ? "global" : String(candidate.scope);
      const method = candidate.method === undefined ? "GET" : String(candidate.method).toUpperCase();
      if (
        scope === job.scope &&
        method === job.request.method &&
        trimSlashes(String(candidate.path)) === wanted
      ) {
        endpoint = candidate;
        break;
      }
    }
    if (endpoint === undefined) return finish({ kind: "no_endpoint" });
    const permissions = isArray(endpoint.permissions) ? endpoint.permissions : [];
    for (const permission of permissions) {
      const key = String(permission);
      if (job.knownPermissions.includes(key) && !job.heldPermissions.includes(key)) {
        return finish({ kind: "forbidden", permission: key });
      }
    }

    const props = Object.create(null);
    const before = Object.create(null);
    for (const scope of keys(job.storage)) {
      props[scope] = parse(job.storage[scope]);
      before[scope] = stringify(props[scope]);
    }
    const scopes = job.storageScopes;
    const query = job.request.query;
    const body = job.request.body;
    let bodyJson;
    try {
      bodyJson = body === "" ? undefined : parse(body);
    } catch {
      bodyJson = undefined;
    }
    const request = {
      body: body,
      bodyJson: bodyJson,
      path: job.request.path,
      method: job.request.method,
      headers: job.request.headers,
      parameterNames: keys(query),
      json() {
        return parse(body);
      },
      getParameter(name) {
        const values = hasOwn(query, name) ? query[name] : [];
        return values.length > 0 ? values[0] : null;
      },
      getParameters(name) {
        return hasOwn(query, name) ? query[name].slice() : [];
      },
    };
    const state = { body: null, contentType: null, headers: [] };
    const response = {
      code: 200,
      json(value) {
        const text = stringify(value);
        state.body = text === undefined ? "null" : text;
        state.contentType = "application/json";
      },
      text(value) {
        state.body = String(value);
        state.contentType = "text/plain";
      },
      addHeader(name, value) {
        if (state.headers.length < 50) state.headers.push([String(name), String(value)]);
        return response;
      },
    };
    const currentUser = job.currentUser;
    currentUser.extensionProperties = props[scopes.currentUser];
    const ctx = {
      request: request,
      response: response,
      currentUser: currentUser,
      settings: job.settings,
      globalStorage: { extensionProperties: props[scopes.global] },
    };
    const holders = [
      [scopes.global, () => ctx.globalStorage.extensionProperties],
      [scopes.currentUser, () => ctx.currentUser.extensionProperties],
    ];
    if (job.entity !== undefined && scopes.entity !== undefined) {
      const entity = job.entity;
      entity.extensionProperties = props[scopes.entity];
      ctx[job.scope] = entity;
      holders.push([scopes.entity, () => ctx[job.scope].extensionProperties]);
    }
    // An issue's or article's project: ctx.project and the entity's own project are one object.
    if (job.project !== undefined && scopes.project !== undefined && job.scope !== "project") {
      const project = job.project;
      project.extensionProperties = props[scopes.project];
      ctx.project = project;
      if (ctx[job.scope] !== undefined) ctx[job.scope].project = project;
      holders.push([scopes.project, () => ctx.project.extensionProperties]);
    }

    try {
      await endpoint.handle(ctx);
    } catch (error) {
      return threw(messageOf(error));
    }

    const changed = {};
    try {
      // A scope held twice (the caller is the user in scope) keeps the copy the handler replaced, if any.
      const after = Object.create(null);
      for (const [scope, read] of holders) {
        const value = read();
        if (!(scope in after) || value !== props[scope]) after[scope] = value;
      }
      for (const scope of keys(after)) {
        const value = after[scope];
        if (value === null || typeof value !== "object" || isArray(value)) {
          return threw("extensionProperties must be an object");
        }
        const text = stringify(value);
        if (text !== before[scope]) changed[scope] = text;
      }
    } catch (error) {
      return threw("extensionProperties must be JSON: " + messageOf(error));
    }
    const code = response.code;
    if (typeof code !== "number" || !Number.isInteger(code) || code < 200 || code > 599) {
      return threw("The handler set an invalid response code: " + show(code));
    }
    return finish({
      kind: "done",
      code: code,
      headers: state.headers,
      body: state.body,
      contentType: state.contentType,
      changed: changed,
    });
  })();
});
