import { expect, test } from "vitest";
import { freshDatabase } from "../tests/helpers/database.ts";
import { seedDatabase } from "./seed-database.ts";
import { DEMO_USERS } from "./factories.ts";
import { verifyPassword } from "../mock-backend/auth.ts";

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
