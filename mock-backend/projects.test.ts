import { expect, test } from "vitest";
import { PERMISSION } from "#contract/constants.ts";
import {
  InvitationsResultSchema,
  MAX_PROJECTS_PAGE,
  ProjectListSchema,
  ProjectSchema,
} from "#contract/api.ts";
import {
  bearer,
  expectError,
  expectOk,
  sameOrigin,
  selectorFor,
  withBackend,
  withFields,
  type Backend,
} from "#tests/helpers/backend.ts";

const PROJECTS = "/api/admin/projects";
const MOBILE = { name: "Mobile app", shortName: "MOB", template: "scrum" };

async function create(backend: Backend, login: string, body: unknown = MOBILE) {
  return backend.client.request("POST", withFields(PROJECTS, selectorFor(ProjectSchema)), {
    body,
    headers: bearer(login),
  });
}

async function invite(backend: Backend, login: string, project: string, invitees: string[]) {
  const response = await backend.client.request(
    "POST",
    withFields(`${PROJECTS}/${project}/invitations`, selectorFor(InvitationsResultSchema)),
    { body: { invitees }, headers: bearer(login) },
  );
  return response;
}

const projectRows = (db: Backend["db"]) =>
  Promise.all([
    db.project.findMany({ orderBy: { id: "asc" } }),
    db.permissionGrant.findMany({ orderBy: { id: "asc" } }),
    db.projectInvitation.findMany({ orderBy: { id: "asc" } }),
  ]);

test("POST /api/admin/projects creates a project from a template, with the next id", async () => {
  await withBackend(async (backend) => {
    const project = ProjectSchema.parse(expectOk(await create(backend, "admin")));
    expect(project).toEqual({
      id: "0-3",
      shortName: "MOB",
      name: "Mobile app",
      template: "scrum",
      projectType: { id: "DEFAULT" },
      timeTrackingEnabled: false,
      invitations: [],
    });
  });
});

test("a helpdesk template makes a helpdesk project", async () => {
  await withBackend(async (backend) => {
    const body = { name: "Customer care", shortName: "CARE", template: "helpdesk" };
    expect(ProjectSchema.parse(expectOk(await create(backend, "admin", body))).projectType.id).toBe(
      "HELPDESK",
    );
  });
});

test("without a fields parameter only id, shortName and name come back", async () => {
  await withBackend(async (backend) => {
    const response = await backend.client.request("POST", PROJECTS, {
      body: MOBILE,
      headers: bearer("admin"),
    });
    expect(expectOk(response)).toEqual({ id: "0-3", shortName: "MOB", name: "Mobile app" });
  });
});

test("the creator may read and change the new project", async () => {
  await withBackend(async (backend) => {
    expectOk(await create(backend, "admin"));
    const keys = await backend.db.permissionGrant.findMany({
      where: { userId: "1-1", projectId: "0-3" },
      select: { permissionKey: true },
    });
    expect(keys.map((k) => k.permissionKey)).toEqual(
      expect.arrayContaining([PERMISSION.PROJECT_READ, PERMISSION.PROJECT_UPDATE, PERMISSION.READ_ISSUE]),
    );
  });
});

test("a user without project-create is refused and nothing is written", async () => {
  await withBackend(async (backend) => {
    const before = await projectRows(backend.db);
    expectError(await create(backend, "alice"), 403, "forbidden");
    expect(await projectRows(backend.db)).toEqual(before);
  });
});

test("the guest is refused", async () => {
  await withBackend(async (backend) => {
    const response = await backend.client.request("POST", PROJECTS, { body: MOBILE, headers: sameOrigin() });
    expectError(response, 401);
  });
});

test("a write without a token from another site is refused before anything is written", async () => {
  await withBackend(async (backend) => {
    const response = await backend.client.request("POST", PROJECTS, {
      body: MOBILE,
      headers: { origin: "https://evil.example" },
    });
    expect(expectError(response, 403, "forbidden").error_description).toContain("Cross-site request refused");
    expect(await backend.db.project.count()).toBe(2);
  });
});

test("a taken ID or name is a conflict that names the field", async () => {
  await withBackend(async (backend) => {
    const id = expectError(await create(backend, "admin", { ...MOBILE, shortName: "demo" }), 409, "conflict");
    expect(id.issues).toEqual([{ path: "shortName", message: "The ID DEMO is taken by another project" }]);
    const name = expectError(await create(backend, "admin", { ...MOBILE, name: "demo PROJECT" }), 409);
    expect(name.issues).toEqual([{ path: "name", message: "A project named demo PROJECT already exists" }]);
    expect(await backend.db.project.count()).toBe(2);
  });
});

test("an invalid body names every bad field", async () => {
  await withBackend(async (backend) => {
    const body = expectError(
      await create(backend, "admin", { name: " ", shortName: "9x", template: "waterfall", extra: 1 }),
      400,
    );
    expect(body.issues?.map((i) => i.path).sort()).toEqual(["(root)", "name", "shortName", "template"]);
  });
});

test("GET /api/admin/projects/{id} finds a project by id or short name, for those who may see it", async () => {
  await withBackend(async (backend) => {
    const read = (login: string, id: string) =>
      backend.client.request("GET", withFields(`${PROJECTS}/${id}`, selectorFor(ProjectSchema)), {
        headers: bearer(login),
      });
    expect(ProjectSchema.parse(expectOk(await read("admin", "0-1"))).shortName).toBe("DEMO");
    expect(ProjectSchema.parse(expectOk(await read("alice", "demo"))).id).toBe("0-1");
    expectError(await read("tom", "DEMO"), 404);
    expectError(await read("admin", "NOPE"), 404);
  });
});

test("invitations add existing users, e-mail newcomers and groups, and report failures by kind", async () => {
  await withBackend(async (backend) => {
    expectOk(await create(backend, "admin"));
    const result = InvitationsResultSchema.parse(
      expectOk(
        await invite(backend, "admin", "MOB", [
          "alice",
          "tom@keel.example",
          "newcomer@example.com",
          "nobody",
          "lost@mail.invalid",
          "group:Founders",
          "not a login",
          "alice",
        ]),
      ),
    );
    expect(result.invited).toEqual([
      { invitee: "alice", kind: "user", status: "added" },
      { invitee: "tom@keel.example", kind: "email", status: "added" },
      { invitee: "newcomer@example.com", kind: "email", status: "invited" },
    ]);
    expect(result.failed).toEqual([
      { invitee: "nobody", kind: "user", message: "No user has the login nobody" },
      {
        invitee: "lost@mail.invalid",
        kind: "email",
        message: "The invitation to lost@mail.invalid could not be delivered",
      },
      { invitee: "group:Founders", kind: "group", message: "No group is named Founders" },
      { invitee: "not a login", kind: "undefined", message: "Not a login, an e-mail address or a group" },
    ]);
    const tomGrants = await backend.db.permissionGrant.findMany({
      where: { userId: "1-4", projectId: "0-3" },
    });
    expect(tomGrants.map((g) => g.permissionKey)).toContain(PERMISSION.READ_ISSUE);
    expect(tomGrants.map((g) => g.permissionKey)).not.toContain(PERMISSION.PROJECT_UPDATE);
  });
});

test("inviting the All Users group makes every account a member; inviting again changes nothing", async () => {
  await withBackend(async (backend) => {
    expectOk(await create(backend, "admin"));
    const first = InvitationsResultSchema.parse(
      expectOk(await invite(backend, "admin", "0-3", ["group:All Users"])),
    );
    expect(first.invited).toEqual([{ invitee: "group:All Users", kind: "group", status: "added" }]);
    const members = async () =>
      (
        await backend.db.permissionGrant.findMany({
          where: { projectId: "0-3", permissionKey: PERMISSION.PROJECT_READ },
          select: { userId: true },
          orderBy: { userId: "asc" },
        })
      ).map((g) => g.userId);
    expect(await members()).toEqual(["1-1", "1-2", "1-3", "1-4"]);
    const grants = await backend.db.permissionGrant.count();
    expectOk(await invite(backend, "admin", "0-3", ["group:All Users", "alice"]));
    expect(await backend.db.permissionGrant.count()).toBe(grants);
  });
});

test("the project lists its invitations", async () => {
  await withBackend(async (backend) => {
    expectOk(await create(backend, "admin"));
    expectOk(await invite(backend, "admin", "MOB", ["alice", "newcomer@example.com"]));
    const response = await backend.client.request(
      "GET",
      withFields(`${PROJECTS}/MOB`, selectorFor(ProjectSchema)),
      { headers: bearer("admin") },
    );
    expect(ProjectSchema.parse(expectOk(response)).invitations).toEqual([
      { invitee: "alice", kind: "user", status: "added" },
      { invitee: "newcomer@example.com", kind: "email", status: "invited" },
    ]);
  });
});

test("members who may not change the project cannot invite or switch time tracking", async () => {
  await withBackend(async (backend) => {
    expectOk(await create(backend, "admin"));
    expectOk(await invite(backend, "admin", "MOB", ["alice"]));
    expectError(await invite(backend, "alice", "MOB", ["tom"]), 403, "forbidden");
    const tracking = await backend.client.request("POST", `${PROJECTS}/MOB/timeTrackingSettings`, {
      body: { enabled: true },
      headers: bearer("alice"),
    });
    expectError(tracking, 403);
    expectError(await invite(backend, "tom", "MOB", ["alice"]), 404);
  });
});

test("an invitation list must hold 1 to 50 entries", async () => {
  await withBackend(async (backend) => {
    expectOk(await create(backend, "admin"));
    expectError(await invite(backend, "admin", "MOB", []), 400);
    expectError(
      await invite(
        backend,
        "admin",
        "MOB",
        Array.from({ length: 51 }, (_, i) => `u${i}`),
      ),
      400,
    );
  });
});

test("POST timeTrackingSettings switches time tracking on and off", async () => {
  await withBackend(async (backend) => {
    expectOk(await create(backend, "admin"));
    const set = (enabled: unknown) =>
      backend.client.request("POST", `${PROJECTS}/MOB/timeTrackingSettings?fields=enabled`, {
        body: { enabled },
        headers: bearer("admin"),
      });
    expect(expectOk(await set(true))).toEqual({ enabled: true });
    expect((await backend.db.project.findUnique({ where: { id: "0-3" } }))?.timeTrackingEnabled).toBe(true);
    expect(expectOk(await set(false))).toEqual({ enabled: false });
    expect((await backend.db.project.findUnique({ where: { id: "0-3" } }))?.timeTrackingEnabled).toBe(false);
    expectError(await set("yes"), 400);
  });
});

test("the demo projects keep their data and get the defaults", async () => {
  await withBackend(async (backend) => {
    const rows = await backend.db.project.findMany({ orderBy: { id: "asc" } });
    expect(rows).toEqual([
      {
        id: "0-1",
        shortName: "DEMO",
        name: "Demo project",
        projectType: "DEFAULT",
        template: "default",
        timeTrackingEnabled: false,
        description: "The team's product work: features, bugs and the release plan.",
        leaderId: "1-1",
        archived: false,
      },
      {
        id: "0-2",
        shortName: "SUP",
        name: "Support desk",
        projectType: "HELPDESK",
        template: "default",
        timeTrackingEnabled: false,
        description: "Questions and problems from customers, answered by the support team.",
        leaderId: "1-1",
        archived: false,
      },
    ]);
  });
});

// ---------- GET api/admin/projects ----------

async function list(backend: Backend, login: string, query: string) {
  return backend.client.request("GET", `${PROJECTS}${query}`, { headers: bearer(login) });
}

test("GET /api/admin/projects answers the requested fields of each project, leader included", async () => {
  await withBackend(async (backend) => {
    const fields = "id,name,shortName,description,leader(login,name),archived";
    const body = expectOk(await list(backend, "admin", `?fields=${encodeURIComponent(fields)}`));
    expect(body).toEqual([
      {
        id: "0-1",
        name: "Demo project",
        shortName: "DEMO",
        description: "The team's product work: features, bugs and the release plan.",
        leader: { login: "admin", name: "Ada Admin" },
        archived: false,
      },
      {
        id: "0-2",
        name: "Support desk",
        shortName: "SUP",
        description: "Questions and problems from customers, answered by the support team.",
        leader: { login: "admin", name: "Ada Admin" },
        archived: false,
      },
    ]);
    // Without a selector, ids only, as the real API answers.
    expect(expectOk(await list(backend, "admin", ""))).toEqual([
      { id: "0-1", shortName: "DEMO", name: "Demo project" },
      { id: "0-2", shortName: "SUP", name: "Support desk" },
    ]);
    ProjectListSchema.parse(
      expectOk(await list(backend, "admin", `?fields=${selectorFor(ProjectListSchema)}`)),
    );
  });
});

test("GET /api/admin/projects lists only the projects the caller may see, with one just created", async () => {
  await withBackend(async (backend) => {
    const names = async (login: string) =>
      (expectOk(await list(backend, login, "?fields=shortName")) as { shortName: string }[]).map(
        (p) => p.shortName,
      );
    expect(await names("alice")).toEqual(["DEMO"]);
    expect(await names("rachel")).toEqual([]);
    expect(await names("tom")).toEqual([]);
    expectOk(await create(backend, "admin"));
    expect(await names("admin")).toEqual(["DEMO", "MOB", "SUP"]);
    expect(await names("alice")).toEqual(["DEMO"]);
    const mobile = expectOk(await list(backend, "admin", "?fields=shortName,leader(login)&$skip=1&$top=1"));
    expect(mobile).toEqual([{ shortName: "MOB", leader: { login: "admin" } }]);
    expectError(await backend.client.request("GET", PROJECTS), 401);
  });
});

test("GET /api/admin/projects pages with $top and $skip within bounds", async () => {
  await withBackend(async (backend) => {
    const page = async (query: string) =>
      (expectOk(await list(backend, "admin", `?fields=id&${query}`)) as { id: string }[]).map((p) => p.id);
    expect(await page("$top=1")).toEqual(["0-1"]);
    expect(await page("$top=1&$skip=1")).toEqual(["0-2"]);
    expect(await page("$skip=2")).toEqual([]);
    expect(await page(`$top=${MAX_PROJECTS_PAGE}`)).toEqual(["0-1", "0-2"]);
    for (const bad of [
      "$top=0",
      `$top=${MAX_PROJECTS_PAGE + 1}`,
      "$top=-1",
      "$top=1e3",
      "$skip=100001",
      "$skip=x",
      "query=DEMO",
      `fields=${"a".repeat(4097)}`,
      "fields=id(",
    ]) {
      expectError(await list(backend, "admin", `?${bad}`), 400, "bad_request");
    }
  });
});
