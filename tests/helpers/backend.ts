// Shared plumbing for the mock backend's route tests.
import { afterAll, beforeAll, expect } from "vitest";
import type { z } from "zod";
import { buildFields } from "../../app/lib/field-selector.ts";
import { shapeOf } from "../../app/lib/schema-shape.ts";
import { ErrorBodySchema, type ErrorBody } from "../../mock-backend/contract.ts";
import type { Db } from "../../mock-backend/db.ts";
import { demoToken } from "../../prisma/factories.ts";
import { freshDatabase, type TestDatabase } from "./database.ts";
import { mockClient, SAME_ORIGIN, type MockResponse } from "./mock-client.ts";

export type MockClient = ReturnType<typeof mockClient>;

export interface Backend {
  readonly db: Db;
  readonly client: MockClient;
  /** The session cookie of `login`, signed in once per backend. */
  cookie(login: string): Promise<string>;
  /** Headers of a read as `login` through its session cookie, or as the guest for null. */
  readAs(login: string | null): Promise<Record<string, string>>;
}

function backendOf(db: Db): Backend {
  const client = mockClient(db);
  const cookies = new Map<string, Promise<string>>();
  const cookie = (login: string) => {
    let pending = cookies.get(login);
    if (!pending) {
      pending = client.signIn(login);
      cookies.set(login, pending);
    }
    return pending;
  };
  return {
    db,
    client,
    cookie,
    async readAs(login): Promise<Record<string, string>> {
      return login === null ? {} : { cookie: await cookie(login) };
    },
  };
}

/**
 * Route tests meet tom, the reader of DEMO, after he has set up the two-factor authentication he
 * must use: until then the backend answers him almost nothing (mock-backend/identity/two-factor.test.ts).
 */
export async function afterTomsSetUp(db: Db): Promise<void> {
  await db.user.update({ where: { login: "tom" }, data: { twoFactorEnabled: true } });
}

/** One private database and client shared by the tests of a file that only read. */
export function useBackend(): Backend {
  let database: TestDatabase | undefined;
  let backend: Backend | undefined;
  beforeAll(async () => {
    database = freshDatabase();
    await afterTomsSetUp(database.db);
    backend = backendOf(database.db);
  });
  afterAll(() => database?.close());
  const current = () => {
    if (!backend) throw new Error("useBackend() is only usable inside tests");
    return backend;
  };
  return {
    get db() {
      return current().db;
    },
    get client() {
      return current().client;
    },
    cookie: (login) => current().cookie(login),
    readAs: (login) => current().readAs(login),
  };
}

/** A private database and client for one test that writes. */
export async function withBackend<T>(run: (backend: Backend) => Promise<T>): Promise<T> {
  const database = freshDatabase();
  try {
    await afterTomsSetUp(database.db);
    return await run(backendOf(database.db));
  } finally {
    await database.close();
  }
}

export const bearer = (login: string) => ({ authorization: `Bearer ${demoToken(login)}` });

/** Headers of a same-origin browser write. */
export const sameOrigin = (cookie?: string): Record<string, string> =>
  cookie === undefined ? { origin: SAME_ORIGIN.origin } : { origin: SAME_ORIGIN.origin, cookie };

/** `path` with a `fields` parameter added, encoded as a browser would. */
export function withFields(path: string, selector: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}fields=${encodeURIComponent(selector)}`;
}

/** The selector the app's API client sends for a response schema. */
export const selectorFor = (schema: z.core.$ZodType): string => buildFields(shapeOf(schema));

/** Asserts the status and the error body shape, and returns the body. */
export function expectError(response: MockResponse, status: number, error?: string): ErrorBody {
  expect(response.status, response.text).toBe(status);
  const body = ErrorBodySchema.strict().parse(response.json);
  if (error !== undefined) expect(body.error).toBe(error);
  return body;
}

export function expectOk(response: MockResponse): unknown {
  expect(response.status, response.text).toBe(200);
  return response.json;
}

/** Every row a request could write, to prove that a refused one wrote nothing. */
export async function writableState(db: Db) {
  const [users, folders, threads, messages, consents, events, sessions, agreements, configuration] =
    await Promise.all([
      db.user.findMany({ orderBy: { id: "asc" } }),
      db.inboxFolder.findMany({ orderBy: [{ userId: "asc" }, { folderId: "asc" }] }),
      db.inboxThread.findMany({ orderBy: { id: "asc" } }),
      db.inboxMessage.findMany({ orderBy: { id: "asc" } }),
      db.agreementConsent.findMany({ orderBy: { userId: "asc" } }),
      db.analyticsEvent.findMany({ orderBy: { id: "asc" } }),
      db.session.findMany({ orderBy: { idHash: "asc" } }),
      db.userAgreement.findMany(),
      db.configuration.findMany(),
    ]);
  return { users, folders, threads, messages, consents, events, sessions, agreements, configuration };
}
