import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterEach, beforeEach, expect, test } from "vitest";
import { freshDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import { databaseFile } from "#prisma/database-url.ts";

let database: TestDatabase;
beforeEach(() => {
  database = freshDatabase();
});
afterEach(async () => {
  await database.close();
});

/** Another process that writes to the file in short transactions until it is told to stop. */
function startWriter(file: string) {
  const code = `
    const db = new (require("better-sqlite3"))(${JSON.stringify(file)});
    let stop = false;
    process.stdin.on("data", () => (stop = true));
    process.stdout.write("started\\n");
    (function loop() {
      if (stop) { db.close(); process.exit(0); }
      db.exec("BEGIN IMMEDIATE");
      db.prepare('UPDATE "User" SET "login" = "login" WHERE "id" = ?').run("nobody");
      const until = Date.now() + 1;
      while (Date.now() < until);
      db.exec("COMMIT");
      setTimeout(loop, 1);
    })();`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["pipe", "pipe", "inherit"] });
  return {
    started: once(child.stdout, "data"),
    async stop() {
      child.stdin.end("stop\n");
      await once(child, "exit");
    },
  };
}

test("a transaction that reads, then writes, waits for another process's write instead of failing", async () => {
  const { db } = database;
  const user = await db.user.findFirstOrThrow();
  const writer = startWriter(databaseFile(database.url)!);
  await writer.started;
  const failures: string[] = [];
  try {
    for (let i = 0; i < 100; i++) {
      try {
        await db.$transaction(async (tx) => {
          const read = await tx.user.findUniqueOrThrow({ where: { id: user.id } });
          await tx.user.update({ where: { id: user.id }, data: { name: `${read.name.split("#")[0]}#${i}` } });
        });
      } catch (error) {
        failures.push(String(error).slice(-80));
      }
    }
  } finally {
    await writer.stop();
  }
  expect(failures).toEqual([]);
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).name).toMatch(/#99$/);
});
