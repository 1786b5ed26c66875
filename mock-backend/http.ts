import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import type {} from "pino-http";
import type { z } from "zod";
import {
  FieldSelectorSyntaxError,
  parseFields,
  pickFields,
  type FieldTree,
} from "#contract/field-selector.ts";
import type { ErrorBody } from "#contract/api.ts";
import { isCachedAnswer } from "./read-cache.ts";

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ErrorBody["issues"];

  constructor(status: number, code: string, description: string, issues?: ErrorBody["issues"]) {
    super(description);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export const badRequest = (description: string, issues?: ErrorBody["issues"]) =>
  new HttpError(400, "bad_request", description, issues);
export const unauthorized = (description = "Authentication required") =>
  new HttpError(401, "unauthorized", description);
export const forbidden = (description = "Access denied") => new HttpError(403, "forbidden", description);
export const notFound = (description = "Not found") => new HttpError(404, "not_found", description);

export function validate<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(root)",
    message: issue.message,
  }));
  throw badRequest(`Invalid ${what}: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`, issues);
}

// Clients repeat the same few selectors; parsed trees are read-only, so they are shared.
const parsedSelectors = new Map<string, FieldTree>();
const PARSED_SELECTORS_MAX = 500;

function parseSelector(selector: string): FieldTree {
  let tree = parsedSelectors.get(selector);
  if (!tree) {
    tree = parseFields(selector);
    if (parsedSelectors.size >= PARSED_SELECTORS_MAX) parsedSelectors.clear();
    parsedSelectors.set(selector, tree);
  }
  return tree;
}

/** The `fields` query parameter as a tree; without one, only id and $type (real semantics). */
export function requestedFields(req: Request, fallback = "id"): FieldTree {
  const raw = req.query.fields;
  if (raw !== undefined && typeof raw !== "string") {
    throw badRequest("Invalid fields: give the fields parameter once");
  }
  try {
    return parseSelector(raw ?? fallback);
  } catch (error) {
    if (error instanceof FieldSelectorSyntaxError) {
      throw badRequest(`Invalid fields: ${error.message}`, [{ path: "fields", message: error.message }]);
    }
    throw error;
  }
}

// JSON of read-cache answers per selector: both are shared and immutable, so their identities are stable.
const serialized = new WeakMap<object, WeakMap<FieldTree, string>>();

export function sendFields(req: Request, res: Response, value: unknown, fallback?: string): void {
  const tree = requestedFields(req, fallback);
  if (!isCachedAnswer(value)) {
    res.json(pickFields(value, tree));
    return;
  }
  let byTree = serialized.get(value);
  if (!byTree) {
    byTree = new WeakMap();
    serialized.set(value, byTree);
  }
  let text = byTree.get(tree);
  if (text === undefined) {
    text = JSON.stringify(pickFields(value, tree));
    byTree.set(tree, text);
  }
  res.type("json").send(text);
}

/** For writes: checks the `fields` parameter before anything is written, and returns the sender. */
export function fieldsSender(req: Request, fallback?: string): (res: Response, value: unknown) => void {
  const tree = requestedFields(req, fallback);
  return (res, value) => {
    res.json(pickFields(value, tree));
  };
}

export function route(handler: (req: Request, res: Response) => Promise<void> | void): RequestHandler {
  return (req, res, next) => {
    Promise.resolve(handler(req, res)).catch(next);
  };
}

/** A schema for one part of a request, or the schema and the name its error message gives that part. */
export type RequestPart<S extends z.ZodType = z.ZodType> = S | readonly [schema: S, what: string];

type Parsed<P> = P extends readonly [infer S extends z.ZodType, string]
  ? z.infer<S>
  : P extends z.ZodType
    ? z.infer<P>
    : undefined;

/** What an endpoint checks before its handler runs, in this order: caller, query, path, body. */
export interface EndpointSchemas<U, Q, P, B> {
  /** Answers who calls (throwing 401 or 403); runs before any part is parsed. */
  auth?: (req: Request) => U;
  query?: Q;
  params?: P;
  body?: B;
}

export interface EndpointInput<U, Q, P, B> {
  req: Request;
  res: Response;
  user: U;
  query: Parsed<Q>;
  params: Parsed<P>;
  body: Parsed<B>;
}

function parsePart(part: RequestPart | undefined, data: unknown, what: string): unknown {
  if (part === undefined) return undefined;
  return Array.isArray(part) ? validate(part[0], data, part[1]) : validate(part as z.ZodType, data, what);
}

/** A route handler given its caller and parsed query, params and body; a bad part answers 400. */
export function endpoint<
  U = undefined,
  Q extends RequestPart | undefined = undefined,
  P extends RequestPart | undefined = undefined,
  B extends RequestPart | undefined = undefined,
>(
  schemas: EndpointSchemas<U, Q, P, B>,
  handler: (input: EndpointInput<U, Q, P, B>) => Promise<void> | void,
): RequestHandler {
  return route((req, res) => {
    const user = schemas.auth?.(req) as U;
    const query = parsePart(schemas.query, req.query, "query") as Parsed<Q>;
    const params = parsePart(schemas.params, req.params, "params") as Parsed<P>;
    const body = parsePart(schemas.body, req.body, "body") as Parsed<B>;
    return handler({ req, res, user, query, params, body });
  });
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(notFound(`No such resource: ${req.method} ${req.baseUrl}${req.path}`));
};

/** How deep JSON bodies may nest: validating and serialising a value recurse once per level. */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays and objects in JSON text, counted without parsing it. */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** JSON bodies up to `limit` bytes and `maxDepth` levels; deeper ones are refused before JSON.parse. */
export function jsonBody({ limit, maxDepth = MAX_JSON_DEPTH }: { limit: number; maxDepth?: number }) {
  return express.json({
    limit,
    strict: false,
    verify(_req, _res, buffer, encoding) {
      if (jsonDepth(buffer.toString(encoding as BufferEncoding), maxDepth) > maxDepth) {
        throw Object.assign(new Error(`JSON nested deeper than ${maxDepth} levels`), {
          status: 400,
          type: "entity.too.deep",
        });
      }
    },
  });
}

interface BodyParserError {
  type?: string;
  status?: number;
}

export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  let http: HttpError;
  const parserError = error as BodyParserError;
  if (error instanceof HttpError) {
    http = error;
  } else if (parserError?.type === "entity.too.large") {
    http = new HttpError(413, "payload_too_large", "The request body is too large");
  } else if (parserError?.type === "entity.too.deep") {
    http = badRequest("The request body's JSON is nested too deeply");
  } else if (parserError?.type === "entity.parse.failed") {
    http = badRequest("The request body is not valid JSON");
  } else if (parserError?.type === "charset.unsupported" || parserError?.type === "encoding.unsupported") {
    http = new HttpError(
      415,
      "unsupported_media_type",
      "The request body's charset or encoding is not supported",
    );
  } else if (typeof parserError?.status === "number" && parserError.status < 500) {
    http = new HttpError(parserError.status, "bad_request", "The request could not be read");
  } else {
    req.log?.error({ err: error }, "mock backend failure");
    http = new HttpError(500, "server_error", "Internal error");
  }
  const body: ErrorBody = { error: http.code, error_description: http.message };
  if (http.issues) body.issues = http.issues;
  res.status(http.status).json(body);
};
