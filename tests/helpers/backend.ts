// Shared plumbing for the mock backend's route tests.
import { afterAll, beforeAll, expect } from "vitest";
import type { z } from "zod";
import { buildFields } from "#contract/field-selector.ts";
import { shapeOf } from "#app/lib/schema-shape.ts";
import { ErrorBodySchema, type ErrorBody } from "#contract/api.ts";
import type { Db } from "#mock-backend/db.ts";
import { demoToken } from "#prisma/factories.ts";
import { freshDatabase, type TestDatabase } from "./database.ts";
import { mockClient, SAME_ORIGIN, type MockResponse } from "./mock-client.ts";

export type MockClient = ReturnType<typeof mockClient>;

export interface Backend {
  readonly db: Db;
  readonly client: MockClient;
  /** Headers of a call as `login` with their permanent token, as a script calls, or as the guest for null. */
  readAs(login: string | null): Promise<Record<string, string>>;
}

function backendOf(db: Db): Backend {
  return {
    db,
    client: mockClient(db),
    readAs: async (login) => (login === null ? {} : bearer(login)),
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

/** Headers of a same-origin browser write, which needs no token (the guest's). */
export const sameOrigin = (): Record<string, string> => ({ origin: SAME_ORIGIN.origin });

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
