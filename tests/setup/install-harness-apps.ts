// Installs the harness apps (harness-apps.ts) into the database DATABASE_URL names: the e2e server's
// start command runs it after the seed.
import { createPrisma } from "#mock-backend/db.ts";
import { installHarnessApps } from "./harness-apps.ts";

const db = createPrisma(process.env.DATABASE_URL);
try {
  await installHarnessApps(db);
} finally {
  await db.$disconnect();
}
