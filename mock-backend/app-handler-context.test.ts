// What an app's HTTP handler finds in its context: the caller (with ringId) and ctx.project.
import { expect, test } from "vitest";
import { handlerFile, insertApp } from "#tests/helpers/apps.ts";
import { bearer, expectOk, withBackend, type Backend } from "#tests/helpers/backend.ts";

const APP = "context";

// Keys its data by ctx.currentUser.ringId, as JetBrains' article feedback app does.
const BACKEND = handlerFile(
  `{ scope: "issue", method: "GET", path: "where", handle(ctx) {
      ctx.response.json({ project: ctx.project.shortName, name: ctx.project.name, helpdesk: ctx.project.isHelpdesk,
        same: ctx.issue.project === ctx.project, user: ctx.currentUser });
    } }`,
  `{ scope: "issue", method: "POST", path: "like", handle(ctx) {
      const props = ctx.project.extensionProperties;
      const likes = props.likes ? JSON.parse(props.likes) : {};
      likes[ctx.currentUser.ringId] = (likes[ctx.currentUser.ringId] || 0) + 1;
      props.likes = JSON.stringify(likes);
      ctx.response.json(likes);
    } }`,
  `{ scope: "article", method: "GET", path: "likes", handle(ctx) {
      ctx.response.json({ project: ctx.project.shortName, likes: JSON.parse(ctx.project.extensionProperties.likes || "{}") });
    } }`,
  `{ scope: "project", method: "GET", path: "likes", handle(ctx) {
      ctx.response.json({ project: ctx.project.shortName, likes: JSON.parse(ctx.project.extensionProperties.likes || "{}") });
    } }`,
);

async function call(backend: Backend, login: string, method: "GET" | "POST", path: string) {
  return expectOk(
    await backend.client.request(method, `/api/${path.replace("@", `/extensionEndpoints/${APP}/backend/`)}`, {
      headers: bearer(login),
    }),
  );
}

test("an issue handler gets ctx.project, the same object as the issue's project", async () => {
  await withBackend(async (backend) => {
    await insertApp(backend.db, { name: APP, files: { "backend.js": BACKEND } });
    expect(await call(backend, "alice", "GET", "issues/DEMO-1@where")).toMatchObject({
      project: "DEMO",
      name: "Demo project",
      helpdesk: false,
      same: true,
    });
    expect(await call(backend, "admin", "GET", "issues/SUP-1@where")).toMatchObject({
      project: "SUP",
      helpdesk: true,
    });
  });
});

test("ctx.currentUser carries ringId and the scripting API's user fields", async () => {
  await withBackend(async (backend) => {
    await insertApp(backend.db, { name: APP, files: { "backend.js": BACKEND } });
    const { user } = (await call(backend, "alice", "GET", "issues/DEMO-1@where")) as { user: unknown };
    const hubMe = expectOk(
      await backend.client.request("GET", "/hub/api/rest/users/me?fields=id", { headers: bearer("alice") }),
    ) as { id: string };
    expect(user).toEqual({
      id: "1-2",
      ringId: hubMe.id,
      login: "alice",
      name: "Alice Member",
      fullName: "Alice Member",
      visibleName: "Alice Member",
      email: "alice@keel.example",
      avatarUrl: null,
      timeZoneId: "UTC",
      isBanned: false,
      isGuest: false,
      extensionProperties: {},
    });
  });
});

test("data kept per user in the project's extensionProperties is shared by the project's issue and article handlers", async () => {
  await withBackend(async (backend) => {
    await insertApp(backend.db, { name: APP, files: { "backend.js": BACKEND } });
    await call(backend, "alice", "POST", "issues/DEMO-1@like");
    await call(backend, "admin", "POST", "issues/DEMO-2@like");
    expect(await call(backend, "alice", "POST", "issues/DEMO-1@like")).toEqual({ "1-2": 2, "1-1": 1 });
    expect(await call(backend, "alice", "GET", "articles/DEMO-A-1@likes")).toEqual({
      project: "DEMO",
      likes: { "1-2": 2, "1-1": 1 },
    });
    expect(await call(backend, "admin", "GET", "admin/projects/DEMO@likes")).toEqual({
      project: "DEMO",
      likes: { "1-2": 2, "1-1": 1 },
    });
    expect(await call(backend, "admin", "GET", "articles/SUP-A-1@likes")).toEqual({
      project: "SUP",
      likes: {},
    });
  });
});
