import { expect, test } from "vitest";
import { freshDatabase } from "#tests/helpers/database.ts";
import { insertDemoUser, seedDatabase } from "./seed-database.ts";
import { DEMO_USERS, demoIssuesReportedLike, demoToken, demoUserLike } from "./factories.ts";
import { sha256, verifyPassword } from "#mock-backend/auth.ts";

test("seeding a seeded database changes nothing", async () => {
  const database = freshDatabase();
  try {
    const counts = async () =>
      Promise.all([
        database.db.user.count(),
        database.db.permissionGrant.count(),
        database.db.inboxThread.count(),
        database.db.issue.count(),
        database.db.permanentToken.count(),
      ]);
    const before = await counts();
    expect(await seedDatabase(database.db)).toBe("already seeded");
    expect(await counts()).toEqual(before);
  } finally {
    await database.close();
  }
});

test("the seed is deterministic: every demo user signs in with demo and has the documented data", async () => {
  const database = freshDatabase();
  try {
    for (const demo of DEMO_USERS) {
      const user = await database.db.user.findUniqueOrThrow({ where: { login: demo.login } });
      expect(verifyPassword("demo", user.passwordHash)).toBe(true);
      expect(verifyPassword("wrong", user.passwordHash)).toBe(false);
    }
    const issues = await database.db.issue.findMany({ orderBy: { id: "asc" }, select: { idReadable: true } });
    expect(issues.map((i) => i.idReadable)).toEqual([
      "DEMO-1",
      "DEMO-2",
      "DEMO-3",
      "DEMO-4",
      "SUP-1",
      "SUP-2",
    ]);
    const agreement = await database.db.userAgreement.findUniqueOrThrow({ where: { id: 1 } });
    expect(agreement).toMatchObject({ enabled: true, majorVersion: 1, minorVersion: 0 });
    const consents = await database.db.agreementConsent.findMany({
      select: { user: { select: { login: true } } },
    });
    expect(consents.map((c) => c.user.login).sort()).toEqual(["admin", "rachel", "tom"]);
  } finally {
    await database.close();
  }
});

test("a user made like a demo user has its kind, grants, inbox and token under its own login", async () => {
  const database = freshDatabase();
  try {
    const db = database.db;
    const row = demoUserLike("alice", { id: "1-90001", login: "alice-copy" }, { consent: true });
    await db.$transaction((tx) => insertDemoUser(tx, row));
    const [alice, copy] = await Promise.all(
      ["alice", "alice-copy"].map((login) =>
        db.user.findUniqueOrThrow({
          where: { login },
          include: { grants: true, featureFlags: true, threads: { include: { messages: true } } },
        }),
      ),
    );
    expect(copy).toMatchObject({ id: "1-90001", name: alice!.name, userType: alice!.userType });
    expect(verifyPassword("demo", copy!.passwordHash)).toBe(true);
    const keys = (grants: { permissionKey: string; projectId: string | null }[]) =>
      grants.map((g) => `${g.permissionKey}@${g.projectId}`).sort();
    expect(keys(copy!.grants)).toEqual(keys(alice!.grants));
    expect(copy!.featureFlags.length).toBe(alice!.featureFlags.length);
    // alice's inbox is unread in the demo, and so is the copy's.
    expect(copy!.threads.flatMap((t) => t.messages.map((m) => m.read))).toEqual([false, false, false]);
    expect(await db.agreementConsent.count({ where: { userId: "1-90001" } })).toBe(1);
    const token = await db.permanentToken.findFirstOrThrow({ where: { userId: "1-90001" } });
    expect(token.tokenHash).toBe(sha256(demoToken("alice-copy")));
  } finally {
    await database.close();
  }
});

test("a reporter made like rachel gets copies of her tickets, filed by herself", async () => {
  const database = freshDatabase();
  try {
    const db = database.db;
    await db.$transaction(async (tx) => {
      await insertDemoUser(tx, demoUserLike("rachel", { id: "1-90002", login: "rachel-copy" }));
      await tx.issue.createMany({ data: demoIssuesReportedLike("rachel", "1-90002", "90002") });
    });
    const tickets = await db.issue.findMany({ where: { reporterId: "1-90002" }, orderBy: { id: "asc" } });
    expect(tickets.map((t) => t.idReadable)).toEqual(["SUP-900021", "SUP-900022"]);
    const originals = await db.issue.findMany({ where: { reporterId: "1-3" }, orderBy: { id: "asc" } });
    expect(tickets.map((t) => t.summary)).toEqual(originals.map((t) => t.summary));
  } finally {
    await database.close();
  }
});
