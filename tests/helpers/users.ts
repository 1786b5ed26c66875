// Users of a test's own, made like a demo user with the seed's factories: the e2e fixtures make each
// test's users this way, the benchmark its crowd of signed-in people.
import type { Db } from "#mock-backend/db.ts";
import { hashPassword } from "#mock-backend/auth.ts";
import {
  DEMO_PASSWORD,
  demoIssuesReportedLike,
  demoToken,
  demoUserLike,
  DEMO_USERS,
} from "#prisma/factories.ts";
import { insertDemoUser } from "#prisma/seed-database.ts";

/** The demo users test users are made like. */
export type Persona = "admin" | "alice" | "rachel" | "tom";

export interface TestUser {
  persona: Persona;
  id: string;
  login: string;
  /** The demo user's name: pages show it as they show the demo user's. */
  name: string;
  /** A permanent token (`Authorization: Bearer …`). */
  token: string;
}

export interface UserOptions {
  /** Whether the user has accepted the current user agreement: yes unless a test says otherwise. */
  consent?: boolean;
  /** profiles.general.locale, as "he" / "he_IL"; English by default. */
  locale?: { language: string; locale: string };
}

/** One hash for every test user: scrypt is slow by design, and each user gets the same password. */
let passwordHash: string | undefined;

/**
 * Writes a user like `persona` with the demo password and token. `number` is numeric, like the demo's ids
 * ("1-2"): the user's id is `1-<number>`, and it numbers a reporter's copies of the demo tickets.
 */
export async function insertUserLike(
  db: Db,
  persona: Persona,
  { number, login }: { number: string; login: string },
  options: UserOptions = {},
): Promise<TestUser> {
  const id = `1-${number}`;
  const row = demoUserLike(
    persona,
    { id, login },
    { consent: options.consent ?? true, locale: options.locale },
  );
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  const hash = passwordHash;
  await db.$transaction(async (tx) => {
    await insertDemoUser(tx, row, hash);
    // A reporter reads only the tickets she filed; the others read by permission and need no copies.
    if (row.userType === "REPORTER")
      await tx.issue.createMany({ data: demoIssuesReportedLike(persona, id, number) });
  });
  const name = DEMO_USERS.find((u) => u.login === persona)?.name ?? login;
  return { persona, id, login, name, token: demoToken(login) };
}
