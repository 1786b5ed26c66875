// Every request body is bounded before anything parses it, on every route: page forms (whose CSRF check
// reads the body), single-fetch posts, the backend's API, and the larger app upload. An over-limit body is
// refused with 413 as soon as the limit is crossed, whether its length is declared or it comes chunked.
import { afterAll, beforeAll, expect, test } from "vitest";
import { demoToken } from "#prisma/factories.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { hasBuild, NO_BUILD_MESSAGE, startKeel, type KeelServer } from "../helpers/keel-server.ts";
import { upload } from "../helpers/upload.ts";

if (!hasBuild) console.warn(`tests/security/body-limits.test.ts: the under-limit cases ${NO_BUILD_MESSAGE}`);

const MAX_BODY = 64 * 1024;
const MAX_UPLOAD = 512 * 1024;
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const MULTIPART = { "content-type": "multipart/form-data; boundary=x" };

let database: TestDatabase;
let keel: KeelServer;

beforeAll(async () => {
  database = freshDatabase();
  keel = await startKeel(database.db, {
    withBuild: hasBuild,
    limits: { KEEL_MAX_BODY_BYTES: MAX_BODY, KEEL_MAX_UPLOAD_BYTES: MAX_UPLOAD },
  });
});
afterAll(async () => {
  await keel?.close();
  await database?.close();
});

test.each([
  ["/login", FORM],
  ["/login.data", FORM],
  ["/admin/apps", MULTIPART],
  ["/api/users/me/profiles/appearance", { "content-type": "application/json" }],
  ["/resources/error-reports", { "content-type": "application/json" }],
])("a huge declared body to %s is refused with 413 before a byte of it is sent", async (target, headers) => {
  const answer = await upload(keel.port, target, { total: 450 * 1024 * 1024, declare: true, headers });
  expect(answer.status).toBe(413);
  expect(answer.sentWhenAnswered).toBe(0);
});

test.each([
  ["/login", FORM, MAX_BODY],
  ["/login.data", FORM, MAX_BODY],
  ["/LOGIN/", FORM, MAX_BODY],
  ["/admin/apps", MULTIPART, MAX_UPLOAD],
  ["/api/users/me/profiles/appearance", { "content-type": "application/json" }, MAX_BODY],
  [
    "/api/admin/apps",
    { "content-type": "application/zip", authorization: `Bearer ${demoToken("admin")}` },
    MAX_UPLOAD,
  ],
])("a chunked body to %s is cut off with 413 once it passes the limit", async (target, headers, limit) => {
  const total = 64 * 1024 * 1024;
  const answer = await upload(keel.port, target, { total, headers });
  // With a build, the upload page's CSRF check may refuse first, from the body's first bytes.
  if (hasBuild && target === "/admin/apps") expect([403, 413]).toContain(answer.status);
  else expect(answer.status).toBe(413);
  // The server stops reading at the limit; the rest the client managed to send sits in socket buffers.
  if (answer.status === 413) expect(answer.sentWhenAnswered).toBeGreaterThan(limit);
  expect(answer.sentWhenAnswered).toBeLessThan(limit + 16 * 1024 * 1024);
});

test("an /api refusal is the backend's JSON error; a page's is plain text", async () => {
  const api = await upload(keel.port, "/api/analytics", { total: MAX_BODY + 1, declare: true });
  expect(JSON.parse(api.text)).toEqual({
    error: "payload_too_large",
    error_description: "The request body is too large",
  });
  const page = await upload(keel.port, "/login", { total: MAX_BODY + 1, declare: true, headers: FORM });
  expect(page.text).toBe("Payload Too Large");
});

test.skipIf(!hasBuild)("bodies under the limit still reach the app: the CSRF check answers", async () => {
  for (const declare of [true, false]) {
    const form = await upload(keel.port, "/login", { total: MAX_BODY, declare, headers: FORM });
    expect(form.status, `declared: ${declare}`).toBe(403);
    // The upload page takes more than a form, up to its own limit.
    const large = await upload(keel.port, "/admin/apps", {
      total: 2 * MAX_BODY,
      declare,
      headers: MULTIPART,
    });
    expect(large.status, `declared: ${declare}`).toBe(403);
  }
});

test("a form to the upload page takes the form limit: only an upload takes the larger one", async () => {
  for (const declare of [true, false]) {
    const form = await upload(keel.port, "/admin/apps", { total: 2 * MAX_BODY, declare, headers: FORM });
    expect(form.status, `declared: ${declare}`).toBe(413);
  }
});

test("after refusing a body the server answers the next request at once", async () => {
  await upload(keel.port, "/login", { total: 8 * 1024 * 1024, headers: FORM });
  const started = performance.now();
  expect((await keel.send("/healthz")).status).toBe(200);
  expect(performance.now() - started).toBeLessThan(1000);
});
