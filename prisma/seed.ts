// npm run db:seed: fills an empty database with the demo data; a seeded one is left alone.
import { createPrisma } from "#mock-backend/db.ts";
import { seedDatabase } from "./seed-database.ts";

const db = createPrisma(process.env.DATABASE_URL);
try {
  console.log(`db:seed: ${await seedDatabase(db)}`);
} finally {
  await db.$disconnect();
}
