import inject, { type InjectOptions } from "light-my-request";
import { expect, test } from "vitest";
import { createInProcessTransport } from "#server/transport.ts";
import { minimalFiles, utf8, zipBomb, zipOf } from "#tests/helpers/app-packages.ts";
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
import { SAME_ORIGIN, TEST_SECRET } from "#tests/helpers/mock-client.ts";
import { createMockBackendApp, type AppLimits } from "./app.ts";
import { AppEntrySchema, AppListSchema, ErrorBodySchema, type AppEntry } from "#contract/api.ts";
import { MAX_UPLOAD_BYTES } from "./resources/apps.ts";

const ZIP = { "content-type": "application/zip" };
const PIXEL = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80]);

/** Requests with binary bodies and answers, which the string-based test client cannot carry. */
function binaryClient(backend: Backend, apps?: AppLimits) {
  const app = createMockBackendApp({ db: backend.db, secret: TEST_SECRET, apps });
  // The transport gives this app private request and response prototypes before anything is injected.
  createInProcessTransport(app);
  return (options: InjectOptions) =>
    inject(app, { ...options, headers: { host: SAME_ORIGIN.host, ...options.headers } });
}

function minimalZip(): Uint8Array {
  const files = minimalFiles((m) => {
    m.widgets.push({
      key: "menu",
      name: "Menu",
      indexPath: "panel/index.html?menu",
      iconPath: "panel/pixel.png",
      extensionPoint: "MAIN_MENU_ITEM",
      showHeader: false,
    });
  });
  files["widgets/panel/pixel.png"] = PIXEL;
  return zipOf(files, "minimal");
}

async function upload(
  backend: Backend,
  login: string | null,
  body: Uint8Array = minimalZip(),
  apps?: AppLimits,
) {
  const headers = login === null ? sameOrigin() : bearer(login);
  return binaryClient(
    backend,
    apps,
  )({
    method: "POST",
    url: withFields("/api/admin/apps", selectorFor(AppEntrySchema)),
    headers: { ...ZIP, ...headers },
    payload: Buffer.from(body),
  });
}

async function listApps(backend: Backend, login: string | null = null): Promise<AppEntry[]> {
  const response = await backend.client.request("GET", withFields("/api/apps", selectorFor(AppListSchema)), {
    headers: login === null ? {} : bearer(login),
  });
  return AppListSchema.parse(expectOk(response));
}

const minimal = async (backend: Backend) => (await listApps(backend)).find((a) => a.name === "minimal");

test("an administrator uploads a zip and gets the app with all its widgets", async () => {
  await withBackend(async (backend) => {
    const response = await upload(backend, "admin");
    expect(response.statusCode, response.payload).toBe(200);
    const app = AppEntrySchema.parse(response.json());
    expect(app).toEqual({
      id: app.id,
      name: "minimal",
      title: "Minimal",
      version: "1.0.0",
      description: "The smallest app the tests install: an issue panel and a dashboard tile.",
      vendor: { name: "Keel tests", url: "https://keel.test" },
      widgets: [
        {
          id: app.widgets[0]?.id,
          key: "panel",
          name: "Panel",
          description: "Shows below an issue's summary.",
          extensionPoint: "ISSUE_BELOW_SUMMARY",
          indexPath: "panel/index.html",
          iconUrl: `api/appResources/${app.id}/panel/icon.svg`,
          permissions: ["READ_ISSUE"],
          guard: "entity.project.shortName === 'DEMO'",
          showHeader: true,
          settingsSchemaPath: null,
          expectedDimensions: { width: 400, height: 200 },
          defaultDimensions: null,
        },
        {
          id: app.widgets[1]?.id,
          key: "tile",
          name: "Tile",
          description: null,
          extensionPoint: "DASHBOARD_WIDGET",
          indexPath: "tile/index.html",
          iconUrl: null,
          permissions: [],
          guard: null,
          showHeader: true,
          settingsSchemaPath: "tile/settings.json",
          expectedDimensions: null,
          defaultDimensions: { width: "4fr", height: "2fr" },
        },
        expect.objectContaining({ key: "menu", extensionPoint: "MAIN_MENU_ITEM", showHeader: false }),
      ],
    });
  });
});

test("anyone, guests too, lists the installed apps; without fields only id, name, title and version", async () => {
  await withBackend(async (backend) => {
    expect(await minimal(backend)).toBeUndefined();
    expect((await upload(backend, "admin")).statusCode).toBe(200);
    expect((await minimal(backend))?.widgets.map((w) => w.key)).toEqual(["panel", "tile", "menu"]);
    expect((await listApps(backend, "alice")).some((a) => a.name === "minimal")).toBe(true);

    const plain = await backend.client.request("GET", "/api/apps");
    const entry = (expectOk(plain) as Record<string, unknown>[]).find((a) => a.name === "minimal");
    expect(Object.keys(entry ?? {}).sort()).toEqual(["id", "name", "title", "version"]);
    expectError(await backend.client.request("GET", "/api/apps?top=1"), 400, "bad_request");
  });
});

test("uploading again upgrades the app in place", async () => {
  await withBackend(async (backend) => {
    const first = AppEntrySchema.parse((await upload(backend, "admin")).json());
    const files = minimalFiles((m) => (m.version = "1.0.1"));
    const second = AppEntrySchema.parse((await upload(backend, "admin", zipOf(files))).json());
    expect(second).toMatchObject({ id: first.id, version: "1.0.1" });
    expect(second.widgets.map((w) => w.key)).toEqual(["panel", "tile"]);
  });
});

test("only administrators may upload: alice gets 403, a guest 401, and nothing is installed", async () => {
  await withBackend(async (backend) => {
    const alice = await upload(backend, "alice");
    expect(alice.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(alice.json()).error).toBe("forbidden");
    expect((await upload(backend, null)).statusCode).toBe(401);
    expect(await minimal(backend)).toBeUndefined();
  });
});

test("an upload without a token needs a same-origin Origin, like every write", async () => {
  await withBackend(async (backend) => {
    const send = (headers: Record<string, string>) =>
      binaryClient(backend)({
        method: "POST",
        url: "/api/admin/apps",
        headers: { ...ZIP, ...headers },
        payload: Buffer.from(minimalZip()),
      });
    expect((await send({})).statusCode).toBe(403);
    expect((await send(sameOrigin())).statusCode).toBe(401);
    expect((await send(bearer("admin"))).statusCode).toBe(200);
  });
});

test("a wrong package is refused with 400 invalid_package and the reason", async () => {
  await withBackend(async (backend) => {
    const files = minimalFiles((m) => (m.vendor = { name: "Evil", url: "javascript:alert(1)" }));
    const response = await upload(backend, "admin", zipOf(files));
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      error: "invalid_package",
      error_description: "manifest.json is not valid: vendor.url: must be an http or https URL",
      issues: [{ path: "vendor.url", message: "must be an http or https URL" }],
    });

    const traversal = await upload(backend, "admin", zipOf({ ...minimalFiles(), "../evil.js": utf8("x") }));
    expect(traversal.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(traversal.json()).error_description).toMatch(/"\.\.\/evil\.js"/);

    const notZip = await upload(backend, "admin", utf8("hello"));
    expect(ErrorBodySchema.parse(notZip.json())).toMatchObject({
      error: "invalid_package",
      error_description: "The package is not a readable .zip file",
    });
    expect(await minimal(backend)).toBeUndefined();
  });
});

test("a zip bomb is refused at the configured unpacked limit, whatever its headers claim", async () => {
  await withBackend(async (backend) => {
    const bomb = zipBomb(64 * 1024 * 1024);
    const response = await upload(backend, "admin", bomb, { packages: { maxBytes: 1024 * 1024 } });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json())).toMatchObject({
      error: "invalid_package",
      error_description: "The package is larger than 1 MB unpacked",
    });
    expect(await minimal(backend)).toBeUndefined();
  });
});

test("an upload over 20 MB gets 413, and a body that is not a zip 415", async () => {
  await withBackend(async (backend) => {
    const big = await upload(backend, "admin", new Uint8Array(MAX_UPLOAD_BYTES + 1));
    expect(big.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(big.json()).error).toBe("payload_too_large");

    const json = await backend.client.request("POST", "/api/admin/apps", {
      body: { name: "minimal" },
      headers: bearer("admin"),
    });
    expectError(json, 415, "unsupported_media_type");
  });
});

test("an administrator removes an app; alice may not; an unknown app is 404", async () => {
  await withBackend(async (backend) => {
    expect((await upload(backend, "admin")).statusCode).toBe(200);
    const remove = (login: string, name = "minimal") =>
      backend.client.request("DELETE", `/api/admin/apps/${name}`, { headers: bearer(login) });
    expectError(await remove("alice"), 403, "forbidden");
    expect(await minimal(backend)).toBeDefined();
    expect(expectOk(await remove("admin"))).toEqual({});
    expect(await minimal(backend)).toBeUndefined();
    expectError(await remove("admin"), 404, "not_found");
  });
});

test("widget files are served to sandboxed frames with CORS, nosniff, no-cache and an ETag", async () => {
  await withBackend(async (backend) => {
    expect((await upload(backend, "admin")).statusCode).toBe(200);
    const get = binaryClient(backend);
    const response = await get({
      method: "GET",
      url: "/api/apps/minimal/files/widgets/panel/index.html?menu",
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "access-control-allow-origin": "*",
      "cross-origin-resource-policy": "cross-origin",
      "x-content-type-options": "nosniff",
      "cache-control": "no-cache",
    });
    expect(response.payload).toContain("YTApp.register()");

    const png = await get({ method: "GET", url: "/api/apps/minimal/files/widgets/panel/pixel.png" });
    expect(png.headers["content-type"]).toBe("image/png");
    expect(new Uint8Array(png.rawPayload)).toEqual(PIXEL);
  });
});

test("an app's HTML and SVG never run on Keel's origin: attachment, a sandbox policy and nosniff", async () => {
  await withBackend(async (backend) => {
    const app = AppEntrySchema.parse((await upload(backend, "admin")).json());
    const get = binaryClient(backend);
    for (const url of [
      "/api/apps/minimal/files/widgets/panel/index.html",
      "/api/apps/minimal/files/widgets/panel/pixel.png",
      `/${app.widgets[0]?.iconUrl}`,
      `/api/appResources/${app.id}/icon.svg`,
    ]) {
      const response = await get({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-disposition"], url).toBe("attachment");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      const policy = String(response.headers["content-security-policy"]).split(/;\s*/);
      expect(policy, url).toEqual(expect.arrayContaining(["sandbox", "default-src 'none'"]));
      expect(policy.join(" "), url).not.toMatch(/script-src|allow-scripts|allow-same-origin/);
    }
  });
});

test("an unchanged file answers 304 to its ETag", async () => {
  await withBackend(async (backend) => {
    expect((await upload(backend, "admin")).statusCode).toBe(200);
    const get = binaryClient(backend);
    const url = "/api/apps/minimal/files/widgets/tile/index.html";
    const first = await get({ method: "GET", url });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await get({ method: "GET", url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe("");
    expect(again.headers["access-control-allow-origin"]).toBe("*");
    const other = await get({ method: "GET", url, headers: { "if-none-match": '"something-else"' } });
    expect(other.statusCode).toBe(200);
  });
});

test("outside widgets/ only static assets are served: not the backend, the manifest or a climb out", async () => {
  await withBackend(async (backend) => {
    expect((await upload(backend, "admin")).statusCode).toBe(200);
    // The app's icon at the package's root, which a widget may reference as ../../icon.svg.
    const icon = await backend.client.request("GET", "/api/apps/minimal/files/icon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get("content-disposition")).toBe("attachment");
    for (const path of [
      "backend.js",
      "manifest.json",
      "settings.json",
      "widgets/%2e%2e/backend.js",
      "widgets/panel/nothing.html",
      "widgets",
    ]) {
      expectError(await backend.client.request("GET", `/api/apps/minimal/files/${path}`), 404, "not_found");
    }
    expectError(
      await backend.client.request("GET", "/api/apps/nothing/files/widgets/panel/index.html"),
      404,
      "not_found",
    );
  });
});

test("icons are served by app id: widget icons from widgets/, the app's own from the root", async () => {
  await withBackend(async (backend) => {
    const app = AppEntrySchema.parse((await upload(backend, "admin")).json());
    const get = binaryClient(backend);
    const iconUrl = app.widgets[0]?.iconUrl;
    const icon = await get({ method: "GET", url: `/${iconUrl}` });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers).toMatchObject({
      "content-type": "image/svg+xml",
      "access-control-allow-origin": "*",
      "cross-origin-resource-policy": "cross-origin",
    });
    expect((await get({ method: "GET", url: `/api/appResources/${app.id}/icon.svg` })).statusCode).toBe(200);
    for (const path of ["backend.js", "manifest.json", "panel/index.htm", "%2e%2e/backend.js"]) {
      const response = await get({ method: "GET", url: `/api/appResources/${app.id}/${path}` });
      expect(response.statusCode, path).toBe(404);
    }
    expect((await get({ method: "GET", url: "/api/appResources/nothing/panel/icon.svg" })).statusCode).toBe(
      404,
    );
  });
});

test("a menu widget's appIconPath in users/me is a path the backend answers", async () => {
  await withBackend(async (backend) => {
    expect((await upload(backend, "admin")).statusCode).toBe(200);
    const me = expectOk(
      await backend.client.request("GET", "/api/users/me?fields=widgets(appName,key,appIconPath)", {
        headers: bearer("alice"),
      }),
    ) as { widgets: { appName: string; key: string; appIconPath: string | null }[] };
    const menu = me.widgets.find((w) => w.appName === "minimal" && w.key === "menu");
    expect(menu?.appIconPath).toMatch(/^api\/appResources\/.+\/panel\/pixel\.png$/);
    const icon = await binaryClient(backend)({ method: "GET", url: `/${menu?.appIconPath}` });
    expect(icon.statusCode).toBe(200);
    expect(new Uint8Array(icon.rawPayload)).toEqual(PIXEL);
  });
});
