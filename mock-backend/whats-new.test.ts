import express from "express";
import { expect, test } from "vitest";
import { WhatsNewSchema } from "#contract/api.ts";
import { authenticate } from "./auth.ts";
import { errorHandler } from "./http.ts";
import { whatsNewRouter } from "./resources/whats-new.ts";
import { demoConfiguration } from "#prisma/factories.ts";
import { createInProcessTransport } from "#server/transport.ts";
import {
  bearer,
  expectError,
  expectOk,
  selectorFor,
  useBackend,
  withBackend,
} from "#tests/helpers/backend.ts";

const backend = useBackend();
const PATH = "/api/whatsNew/availableNow";
const SELECTOR = `${PATH}?fields=${encodeURIComponent(selectorFor(WhatsNewSchema))}`;

async function availableNow(login: string, client = backend.client) {
  return client.request("GET", SELECTOR, { headers: bearer(login) });
}

const titles = (list: { versions: { features: { title: string }[] }[] }) =>
  list.versions.flatMap((v) => v.features.map((f) => f.title));

test("admin, who holds low-level read, gets the standalone list in English, newest first", async () => {
  const list = WhatsNewSchema.parse(expectOk(await availableNow("admin")));
  expect(list.versions.map((v) => v.id)).toEqual(["2025.10", "2025.8", "2025.6"]);
  expect(titles(list)).toContain("Scheduled database backups");
  expect(titles(list)).not.toContain("Daily backups");
});

test("users without private-read-issue, low-level read or project-create are refused", async () => {
  for (const login of ["alice", "tom", "rachel"]) expectError(await availableNow(login), 403, "forbidden");
});

test("guests are refused", async () => {
  expectError(await backend.client.request("GET", SELECTOR), 401);
});

test("the list is in the user's locale", async () => {
  await withBackend(async ({ db, client }) => {
    await db.user.update({ where: { login: "admin" }, data: { locale: "ko_KR", language: "ko" } });
    const list = WhatsNewSchema.parse(expectOk(await availableNow("admin", client)));
    expect(list.versions[0]?.features[0]?.title).toBe("알림이 즉시 도착합니다");
  });
});

test("a hosted server serves the cloud variant", async () => {
  await withBackend(async ({ db, client }) => {
    const hosted = demoConfiguration({
      hosted: { hosted: true, domain: "keel.example", availabilityZone: "eu" },
    });
    await db.configuration.update({ where: { id: 1 }, data: { document: JSON.stringify(hosted) } });
    const list = WhatsNewSchema.parse(expectOk(await availableNow("admin", client)));
    expect(titles(list)).toContain("Daily backups");
    expect(titles(list)).not.toContain("Scheduled database backups");
  });
});

test("only versions whose month has begun are available now", async () => {
  await withBackend(async ({ db }) => {
    const app = express();
    app.use(
      authenticate({ db }),
      whatsNewRouter(db, () => Date.UTC(2025, 7, 31)),
      errorHandler,
    );
    const transport = createInProcessTransport(app);
    const response = await transport({
      method: "GET",
      path: `/whatsNew/availableNow?fields=${encodeURIComponent(selectorFor(WhatsNewSchema))}`,
      headers: bearer("admin"),
    });
    expect(response.status, response.body).toBe(200);
    expect(WhatsNewSchema.parse(JSON.parse(response.body)).versions.map((v) => v.id)).toEqual([
      "2025.8",
      "2025.6",
    ]);
  });
});

test("an unknown query parameter is refused", async () => {
  expectError(await backend.client.request("GET", `${PATH}?all=1`, { headers: bearer("admin") }), 400);
});
