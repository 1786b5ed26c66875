// The specs' `test`: each test gets users of its own, made like the demo users in the e2e database with the
// seed's factories, so tests that change a user's data (consent, profile, dashboard, inbox) run in parallel.
// Specs import `test` and `expect` from here, not from @playwright/test (eslint.config.js says so).
import path from "node:path";
import { test as base } from "@playwright/test";
import type { Db } from "#mock-backend/db.ts";
import { createPrisma } from "#mock-backend/db.ts";
import { insertUserLike, type Persona, type TestUser, type UserOptions } from "../helpers/users.ts";

export { expect } from "@playwright/test";

/** The SQLite file the e2e server runs on (playwright.config.ts): one per port. */
export function e2eDatabaseFile(): string {
  return path.resolve(`tests/.tmp/e2e-${process.env.E2E_PORT ?? 3100}/keel.db`);
}

export type { Persona, TestUser, UserOptions };

/** Numbers this worker's users; the worker's index keeps them apart from other workers'. */
let madeInWorker = 0;

const ENGLISH = { language: "en", locale: "en_US" };

/** The users of one test, made on first use. */
export class TestUsers {
  readonly #db: Db;
  readonly #workerIndex: number;
  readonly #byPersona = new Map<Persona, { user: Promise<TestUser>; options: Required<UserOptions> }>();

  constructor(db: Db, workerIndex: number) {
    this.#db = db;
    this.#workerIndex = workerIndex;
  }

  /**
   * This test's user like `persona`: made on the first call, the same one on every later call, whose options
   * must then agree with those it was made with.
   */
  of(persona: Persona, options: UserOptions = {}): Promise<TestUser> {
    const made = this.#byPersona.get(persona);
    if (!made) {
      const resolved = { consent: options.consent ?? true, locale: options.locale ?? ENGLISH };
      const user = this.another(persona, resolved);
      this.#byPersona.set(persona, { user, options: resolved });
      return user;
    }
    for (const [key, value] of Object.entries(options)) {
      if (JSON.stringify(made.options[key as keyof UserOptions]) !== JSON.stringify(value))
        throw new Error(
          `This test's ${persona} was made with another ${key}: ask for it before anything else`,
        );
    }
    return made.user;
  }

  /** One more user like `persona`, distinct from the test's others. */
  async another(persona: Persona, options: UserOptions = {}): Promise<TestUser> {
    madeInWorker += 1;
    // Four digits per worker keep two workers' ids apart.
    const number = `${this.#workerIndex + 1}${String(madeInWorker).padStart(4, "0")}`;
    const login = `${persona}-${this.#workerIndex}-${madeInWorker}`;
    return insertUserLike(this.#db, persona, { number, login }, options);
  }
}

let current: TestUsers | undefined;

/** The running test's users, for the shared steps in helpers.ts. */
export function testUsers(): TestUsers {
  if (!current) throw new Error("No test users: import `test` from tests/e2e/fixtures.ts");
  return current;
}

export const test = base.extend<{ users: TestUsers }, { database: Db }>({
  database: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use) => {
      const db = createPrisma(`file:${e2eDatabaseFile()}`);
      await use(db);
      await db.$disconnect();
    },
    { scope: "worker" },
  ],
  users: [
    async ({ database }, use, testInfo) => {
      current = new TestUsers(database, testInfo.workerIndex);
      await use(current);
      current = undefined;
    },
    { auto: true },
  ],
});
