import { expect, test } from "vitest";
import { PERMISSION } from "#contract/constants.ts";
import { MentionsSchema } from "#contract/api.ts";
import { bearer, expectError, expectOk, withBackend, type Backend } from "#tests/helpers/backend.ts";
import type { Db } from "./db.ts";
import { SEED_EPOCH } from "#prisma/factories.ts";

/** A SUP ticket reported by admin, next to rachel's SUP-1 and SUP-2. */
async function addAdminTicket(db: Db) {
  await db.issue.create({
    data: {
      id: "2-90",
      idReadable: "SUP-3",
      projectId: "0-2",
      reporterId: "1-1",
      summary: "Refund for a double charge",
      description: "Charged twice for November.",
      created: BigInt(SEED_EPOCH),
      updated: BigInt(SEED_EPOCH),
    },
  });
}

async function ids(backend: Backend, path: string, login: string | null) {
  const response = await backend.client.request("GET", path, { headers: await backend.readAs(login) });
  return (expectOk(response) as { idReadable: string }[]).map((i) => i.idReadable);
}

const status = async (backend: Backend, path: string, login: string | null) =>
  (await backend.client.request("GET", path, { headers: await backend.readAs(login) })).status;

test("the guest reads no helpdesk ticket: not listed, not found, not searchable", async () => {
  await withBackend(async (backend) => {
    expect(await ids(backend, "/api/issues", null)).toEqual(["DEMO-4", "DEMO-3", "DEMO-2", "DEMO-1"]);
    expect(await ids(backend, "/api/issues?query=SUP", null)).toEqual([]);
    const body = expectError(await backend.client.request("GET", "/api/issues/SUP-1"), 404, "not_found");
    expect(body.error_description).toBe("Issue SUP-1 not found");
    expect(await status(backend, "/api/issues/2-5", null)).toBe(404);
  });
});

test("a global READ_ISSUE does not open helpdesk tickets to the guest", async () => {
  await withBackend(async (backend) => {
    await backend.db.permissionGrant.create({
      data: { userId: "1-0", permissionKey: PERMISSION.READ_ISSUE, projectId: null },
    });
    expect(await ids(backend, "/api/issues", null)).not.toContain("SUP-1");
    expect(await status(backend, "/api/issues/SUP-1", null)).toBe(404);
    const mentions = await backend.client.request("GET", "/api/mentions?ids=SUP-1,DEMO-1");
    expect(MentionsSchema.parse(expectOk(mentions)).issues.map((i) => i.idReadable)).toEqual(["DEMO-1"]);
  });
});

test("a reporter reads the tickets they reported and no one else's", async () => {
  await withBackend(async (backend) => {
    await addAdminTicket(backend.db);
    expect(await ids(backend, "/api/issues", "rachel")).toEqual(["SUP-2", "SUP-1"]);
    expect(await status(backend, "/api/issues/SUP-1", "rachel")).toBe(200);
    expect(await status(backend, "/api/issues/SUP-3", "rachel")).toBe(404);
    const mentions = await backend.client.request("GET", "/api/mentions?ids=SUP-1,SUP-3", {
      headers: bearer("rachel"),
    });
    expect(MentionsSchema.parse(expectOk(mentions)).issues.map((i) => i.idReadable)).toEqual(["SUP-1"]);
    const edit = await backend.client.request("POST", "/api/issues/SUP-3", {
      headers: bearer("rachel"),
      body: { description: "mine now" },
    });
    expectError(edit, 404, "not_found");
  });
});

test("the project's agents read every ticket; a reader off the team reads only their own", async () => {
  await withBackend(async (backend) => {
    await addAdminTicket(backend.db);
    expect(await ids(backend, "/api/issues?query=SUP", "admin")).toEqual(["SUP-3", "SUP-2", "SUP-1"]);
    // alice reads SUP issues without being on its team: a customer of the helpdesk, not an agent.
    await backend.db.permissionGrant.create({
      data: { userId: "1-2", permissionKey: PERMISSION.READ_ISSUE, projectId: "0-2" },
    });
    expect(await ids(backend, "/api/issues?query=SUP", "alice")).toEqual([]);
    await backend.db.permissionGrant.create({
      data: { userId: "1-2", permissionKey: PERMISSION.PROJECT_READ, projectId: "0-2" },
    });
    expect(await ids(backend, "/api/issues?query=SUP", "alice")).toEqual(["SUP-3", "SUP-2", "SUP-1"]);
    expect(await status(backend, "/api/issues/SUP-1", "alice")).toBe(200);
  });
});

test("a reporter on a helpdesk team still reads only their own tickets", async () => {
  await withBackend(async (backend) => {
    await addAdminTicket(backend.db);
    await backend.db.permissionGrant.create({
      data: { userId: "1-3", permissionKey: PERMISSION.PROJECT_READ, projectId: null },
    });
    expect(await ids(backend, "/api/issues", "rachel")).toEqual(["SUP-2", "SUP-1"]);
  });
});
