// The new-project wizard's loader and action, against the mock backend: each
// step as a plain form post, with post/redirect/get and nothing lost on error.
import { expect, test } from "vitest";
import { action, loader } from "#app/routes/projects/new.tsx";
import { withBackend, type Backend } from "../helpers/backend.ts";
import { callRoute, formRequest, type RouteArgs } from "../helpers/route.ts";

type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];
const runLoader = (args: RouteArgs) => loader(args as unknown as LoaderArgs);
const runAction = (args: RouteArgs) => action(args as unknown as ActionArgs);

const get = (backend: Backend, login: string | null, path: string) =>
  callRoute(backend, login, path, runLoader);
const post = (backend: Backend, login: string | null, path: string, fields: Record<string, string>) =>
  callRoute(backend, login, path, runAction, formRequest(path, { csrf: "test-csrf", ...fields }));

const MOBILE = { name: "Mobile app", shortName: "mob", template: "scrum", intent: "submit" };
const INVITE = "/projects/new?project=MOB&step=invite";
const TIME_TRACKING = "/projects/new?project=MOB&step=time-tracking";
const DONE = "/projects/new?project=MOB&step=done";

async function createMobile(backend: Backend) {
  expect(await post(backend, "admin", "/projects/new", MOBILE)).toEqual({ status: 302, location: INVITE });
}

test("the first step offers the templates to users who may create projects", async () => {
  await withBackend(async (backend) => {
    expect(await get(backend, "admin", "/projects/new")).toEqual({
      status: 200,
      data: { step: "template", project: null, title: "New project" },
    });
  });
});

test("users without project-create get 403 on every step, for reading and for posting", async () => {
  await withBackend(async (backend) => {
    for (const login of ["alice", "tom", null]) {
      expect((await get(backend, login, "/projects/new")).status).toBe(403);
      expect((await get(backend, login, "/projects/new?project=DEMO&step=invite")).status).toBe(403);
      expect((await post(backend, login, "/projects/new", MOBILE)).status).toBe(403);
    }
    expect(await backend.db.project.count()).toBe(2);
  });
});

test("a step without its project, or an unknown one, goes back to the first step", async () => {
  await withBackend(async (backend) => {
    expect(await get(backend, "admin", "/projects/new?step=invite")).toEqual({
      status: 302,
      location: "/projects/new",
    });
    expect(await get(backend, "admin", "/projects/new?project=MOB&step=rocket")).toEqual({
      status: 302,
      location: "/projects/new",
    });
  });
});

test("a project that does not exist is a 404", async () => {
  await withBackend(async (backend) => {
    const outcome = await get(backend, "admin", "/projects/new?project=NOPE&step=invite");
    expect(outcome.status).toBe(404);
    expect(outcome.data).toEqual({ message: "Project NOPE does not exist or you cannot see it." });
  });
});

test("an empty first step answers 400 with an error next to each field and the values as typed", async () => {
  await withBackend(async (backend) => {
    const outcome = await post(backend, "admin", "/projects/new", {
      name: "  ",
      shortName: "",
      intent: "submit",
    });
    expect(outcome).toEqual({
      status: 400,
      data: {
        step: "template",
        values: { name: "  ", shortName: "", template: "" },
        fieldErrors: { name: "Enter a project name", template: "Choose a template" },
      },
    });
    expect(await backend.db.project.count()).toBe(2);
  });
});

test("a taken ID comes back from the backend as an error on the ID field, keeping the values", async () => {
  await withBackend(async (backend) => {
    const outcome = await post(backend, "admin", "/projects/new", { ...MOBILE, shortName: "demo" });
    expect(outcome).toEqual({
      status: 409,
      data: {
        step: "template",
        values: { name: "Mobile app", shortName: "demo", template: "scrum" },
        fieldErrors: { shortName: "The ID DEMO is taken by another project" },
      },
    });
  });
});

test("a valid first step creates the project and redirects to the invite step", async () => {
  await withBackend(async (backend) => {
    await createMobile(backend);
    const row = await backend.db.project.findUnique({ where: { shortName: "MOB" } });
    expect(row).toMatchObject({ name: "Mobile app", template: "scrum", projectType: "DEFAULT" });
    const step = await get(backend, "admin", INVITE);
    expect(step.status).toBe(200);
    expect(step.data).toMatchObject({ step: "invite", project: { shortName: "MOB", invitations: [] } });
  });
});

test("an empty ID is made from the name", async () => {
  await withBackend(async (backend) => {
    const outcome = await post(backend, "admin", "/projects/new", { ...MOBILE, shortName: "" });
    expect(outcome).toEqual({ status: 302, location: "/projects/new?project=MA&step=invite" });
  });
});

test("the invite step can be skipped", async () => {
  await withBackend(async (backend) => {
    await createMobile(backend);
    expect(await post(backend, "admin", INVITE, { invitees: "alice", intent: "skip" })).toEqual({
      status: 302,
      location: TIME_TRACKING,
    });
    expect(await backend.db.projectInvitation.count()).toBe(0);
  });
});

test("invalid invitees answer 400 with the error and the text as typed", async () => {
  await withBackend(async (backend) => {
    await createMobile(backend);
    const outcome = await post(backend, "admin", INVITE, { invitees: "alice, bob smith", intent: "invite" });
    expect(outcome).toEqual({
      status: 400,
      data: {
        step: "invite",
        values: { invitees: "alice, bob smith" },
        fieldErrors: { invitees: "Not a login, an e-mail address or group:<name>: bob smith" },
        report: null,
      },
    });
    expect(await backend.db.projectInvitation.count()).toBe(0);
  });
});

test("invitations that all succeed go on to time tracking", async () => {
  await withBackend(async (backend) => {
    await createMobile(backend);
    const outcome = await post(backend, "admin", INVITE, {
      invitees: "alice\nnew.person@example.com",
      intent: "invite",
    });
    expect(outcome).toEqual({ status: 302, location: TIME_TRACKING });
    expect((await backend.db.projectInvitation.findMany()).map((i) => [i.invitee, i.status])).toEqual([
      ["alice", "added"],
      ["new.person@example.com", "invited"],
    ]);
  });
});

test("failed invitations are reported by kind and stay in the field; the others are done", async () => {
  await withBackend(async (backend) => {
    await createMobile(backend);
    const outcome = await post(backend, "admin", INVITE, {
      invitees: "alice, nobody, lost@mail.invalid, group:Founders",
      intent: "invite",
    });
    expect(outcome.status).toBe(200);
    expect(outcome.data).toEqual({
      step: "invite",
      values: { invitees: "nobody\nlost@mail.invalid\ngroup:Founders" },
      fieldErrors: {},
      report: {
        invited: [{ invitee: "alice", kind: "user", status: "added" }],
        failed: [
          { invitee: "nobody", kind: "user", message: "No user has the login nobody" },
          {
            invitee: "lost@mail.invalid",
            kind: "email",
            message: "The invitation to lost@mail.invalid could not be delivered",
          },
          { invitee: "group:Founders", kind: "group", message: "No group is named Founders" },
        ],
        summary: "3 could not be invited: 1 user, 1 e-mail address, 1 group",
      },
    });
  });
});

test("the time-tracking step saves the choice and finishes", async () => {
  await withBackend(async (backend) => {
    await createMobile(backend);
    expect(await post(backend, "admin", TIME_TRACKING, { timeTracking: "on", intent: "save" })).toEqual({
      status: 302,
      location: DONE,
    });
    const done = await get(backend, "admin", DONE);
    expect(done.data).toMatchObject({
      step: "done",
      project: { shortName: "MOB", timeTrackingEnabled: true },
    });
  });
});

test("saving with the box unticked turns time tracking off", async () => {
  await withBackend(async (backend) => {
    await createMobile(backend);
    await backend.db.project.update({ where: { shortName: "MOB" }, data: { timeTrackingEnabled: true } });
    expect((await post(backend, "admin", TIME_TRACKING, { intent: "save" })).location).toBe(DONE);
    expect((await backend.db.project.findUnique({ where: { shortName: "MOB" } }))?.timeTrackingEnabled).toBe(
      false,
    );
  });
});

test("the time-tracking step can be skipped, leaving the setting alone", async () => {
  await withBackend(async (backend) => {
    await createMobile(backend);
    expect(await post(backend, "admin", TIME_TRACKING, { timeTracking: "on", intent: "skip" })).toEqual({
      status: 302,
      location: DONE,
    });
    expect((await backend.db.project.findUnique({ where: { shortName: "MOB" } }))?.timeTrackingEnabled).toBe(
      false,
    );
  });
});

test("the done step sums up the setup and takes no posts", async () => {
  await withBackend(async (backend) => {
    await createMobile(backend);
    await post(backend, "admin", INVITE, { invitees: "alice", intent: "invite" });
    const done = await get(backend, "admin", DONE);
    expect(done.data).toMatchObject({
      step: "done",
      project: {
        name: "Mobile app",
        template: "scrum",
        invitations: [{ invitee: "alice", status: "added" }],
      },
    });
    expect((await post(backend, "admin", DONE, {})).status).toBe(405);
  });
});

test("the answers come in the language of the user's profile", async () => {
  await withBackend(async (backend) => {
    await backend.db.user.update({ where: { login: "admin" }, data: { language: "de", locale: "de_DE" } });
    expect((await get(backend, "admin", "/projects/new")).data).toMatchObject({ title: "Neues Projekt" });
    const outcome = await post(backend, "admin", "/projects/new", { ...MOBILE, shortName: "demo" });
    expect(outcome.data).toMatchObject({
      fieldErrors: { shortName: "Die ID DEMO wird bereits von einem anderen Projekt verwendet" },
    });
    expect((await get(backend, "admin", "/projects/new?project=NOPE&step=invite")).data).toEqual({
      message: "Das Projekt NOPE existiert nicht, oder Sie dürfen es nicht sehen.",
    });
  });
});
