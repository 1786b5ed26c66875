// The Apps page's loader and action against the mock backend: administrators only, install and upgrade by
// uploading a .zip (multipart, as a browser posts the form), removal after a confirmation step.
import { expect, test } from "vitest";
import { action, loader } from "#app/routes/admin/apps.tsx";
import { SAMPLE_APPS_DIR } from "#prisma/seed-database.ts";
import { folderFiles, minimalFiles, utf8, zipOf } from "../helpers/app-packages.ts";
import { useBackend, withBackend, type Backend } from "../helpers/backend.ts";
import { callRoute, formRequest, type RouteArgs } from "../helpers/route.ts";

type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];
const runLoader = (args: RouteArgs) => loader(args as unknown as LoaderArgs);
const runAction = (args: RouteArgs) => action(args as unknown as ActionArgs);

interface PageData {
  apps: {
    name: string;
    title: string;
    version: string;
    vendor: { name: string; url: string | null } | null;
    widgets: { name: string; extensionPoint: string }[];
  }[];
  notice: string | null;
  removing: { name: string; title: string } | null;
}

const page = async (backend: Backend, path = "/admin/apps", login = "admin") =>
  (await callRoute(backend, login, path, runLoader)).data as PageData;

/** The upload form as a browser posts it: multipart, with the file under `package`. */
function upload(backend: Backend, bytes: Uint8Array | null, login = "admin") {
  const form = new FormData();
  form.set("csrf", "test-csrf");
  form.set("intent", "install");
  if (bytes)
    form.set("package", new File([bytes as Uint8Array<ArrayBuffer>], "app.zip", { type: "application/zip" }));
  return callRoute(backend, login, "/admin/apps", runAction, { method: "POST", body: form });
}

const remove = (backend: Backend, name: string, login = "admin") =>
  callRoute(
    backend,
    login,
    "/admin/apps",
    runAction,
    formRequest("/admin/apps", { csrf: "test-csrf", intent: "remove", name }),
  );

const shared = useBackend();

test("administrators see every installed app with its vendor, widgets and their places", async () => {
  const { apps, notice, removing } = await page(shared);
  expect(notice).toBeNull();
  expect(removing).toBeNull();
  const pulse = apps.find((app) => app.name === "team-pulse");
  expect(pulse).toEqual({
    id: expect.any(String),
    name: "team-pulse",
    title: "Team Pulse",
    version: "1.0.0",
    vendor: { name: "Keel samples", url: "https://example.com" },
    widgets: [
      { id: expect.any(String), name: "Team pulse", extensionPoint: "DASHBOARD_WIDGET" },
      { id: expect.any(String), name: "Team pulse (embedded)", extensionPoint: "MARKDOWN" },
    ],
  });
});

test("others get 403 for the page and for every post, and nothing changes", async () => {
  await withBackend(async (backend) => {
    for (const login of ["alice", "rachel"]) {
      const outcome = await callRoute(backend, login, "/admin/apps", runLoader);
      expect(outcome).toEqual({
        status: 403,
        data: { message: "Only administrators can install and remove apps." },
      });
      expect((await upload(backend, zipOf(minimalFiles()), login)).status).toBe(403);
      expect((await remove(backend, "team-pulse", login)).status).toBe(403);
    }
    expect((await page(backend)).apps.map((app) => app.name)).toContain("team-pulse");
    expect((await page(backend)).apps.map((app) => app.name)).not.toContain("minimal");
  });
});

test("uploading a good zip installs the app and says so after the redirect; the same app again upgrades it", async () => {
  await withBackend(async (backend) => {
    const zip = zipOf(minimalFiles(), "minimal");
    const installed = await upload(backend, zip);
    expect(installed).toEqual({
      status: 302,
      location: "/admin/apps?done=installed&name=minimal",
    });
    const after = await page(backend, installed.location ?? "");
    expect(after.notice).toBe("Installed Minimal 1.0.0");
    expect(after.apps.find((app) => app.name === "minimal")).toMatchObject({
      title: "Minimal",
      version: "1.0.0",
      vendor: { name: "Keel tests", url: "https://keel.test" },
      widgets: [
        { name: "Panel", extensionPoint: "ISSUE_BELOW_SUMMARY" },
        { name: "Tile", extensionPoint: "DASHBOARD_WIDGET" },
      ],
    });

    const newer = minimalFiles((manifest) => (manifest.version = "1.1.0"));
    const upgraded = await upload(backend, zipOf(newer));
    expect(upgraded.location).toBe("/admin/apps?done=upgraded&name=minimal");
    expect((await page(backend, upgraded.location ?? "")).notice).toBe("Upgraded Minimal to 1.1.0");
    // The page speaks only of installed apps.
    expect((await page(backend, "/admin/apps?done=installed&name=nope")).notice).toBeNull();
  });
});

test("a sample app's folder zipped upgrades the installed sample", async () => {
  await withBackend(async (backend) => {
    const outcome = await upload(backend, zipOf(folderFiles(`${SAMPLE_APPS_DIR}team-pulse`)));
    expect(outcome.location).toBe("/admin/apps?done=upgraded&name=team-pulse");
  });
});

test("a bad package answers 400 with the backend's reason, and nothing is installed", async () => {
  await withBackend(async (backend) => {
    const evil = minimalFiles((manifest) => (manifest.vendor = { name: "Evil", url: "javascript:alert(1)" }));
    expect(await upload(backend, zipOf(evil))).toEqual({
      status: 400,
      data: {
        intent: "install",
        error:
          "The app was not installed: manifest.json is not valid: vendor.url: must be an http or https URL",
      },
    });
    expect(await upload(backend, utf8("not a zip at all"))).toEqual({
      status: 400,
      data: {
        intent: "install",
        error: "The app was not installed: The package is not a readable .zip file",
      },
    });
    expect(await upload(backend, null)).toEqual({
      status: 400,
      data: { intent: "install", error: "Choose a .zip file to upload." },
    });
    expect(await upload(backend, new Uint8Array(20 * 1024 * 1024 + 1))).toEqual({
      status: 400,
      data: { intent: "install", error: "The package is larger than 20 MB." },
    });
    expect((await page(backend)).apps.map((app) => app.name)).not.toContain("minimal");
  });
});

test("removal asks first (?remove=), then removes the app and says so", async () => {
  await withBackend(async (backend) => {
    expect((await upload(backend, zipOf(minimalFiles()))).status).toBe(302);
    expect((await page(backend, "/admin/apps?remove=minimal")).removing).toEqual({
      name: "minimal",
      title: "Minimal",
    });
    expect((await page(backend, "/admin/apps?remove=nope")).removing).toBeNull();

    const removed = await remove(backend, "minimal");
    expect(removed).toEqual({ status: 302, location: "/admin/apps?done=removed&title=Minimal" });
    const after = await page(backend, removed.location ?? "");
    expect(after.notice).toBe("Removed Minimal");
    expect(after.apps.map((app) => app.name)).not.toContain("minimal");

    expect(await remove(backend, "minimal")).toEqual({
      status: 404,
      data: { intent: "remove", error: "App minimal is not installed." },
    });
    expect(
      await callRoute(
        backend,
        "admin",
        "/admin/apps",
        runAction,
        formRequest("/admin/apps", { intent: "explode" }),
      ),
    ).toEqual({ status: 400, data: { intent: null, error: "The request was not understood." } });
  });
});
