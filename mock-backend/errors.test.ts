import { expect, test } from "vitest";
import { ANALYTICS_MAX_BATCH_BYTES } from "#contract/constants.ts";
import {
  bearer,
  expectError,
  sameOrigin,
  useBackend,
  withBackend,
  writableState,
} from "#tests/helpers/backend.ts";
import { jsonDepth, MAX_JSON_DEPTH } from "./http.ts";

const backend = useBackend();
const TOO_LARGE = JSON.stringify({ uiTheme: "x".repeat(ANALYTICS_MAX_BATCH_BYTES) });

test.each([
  ["GET", "/api/nope", "No such resource: GET /api/nope"],
  ["GET", "/api", "No such resource: GET /api/"],
  ["GET", "/api/users/me/profiles/unknown", "No such resource: GET /api/users/me/profiles/unknown"],
  ["POST", "/api/nope", "No such resource: POST /api/nope"],
  ["GET", "/hub/nope", "No such resource: GET /hub/nope"],
  ["GET", "/hub/api/rest/nope", "No such resource: GET /hub/api/rest/nope"],
  ["POST", "/hub/api/rest/users/me", "No such resource: POST /hub/api/rest/users/me"],
] as const)("%s %s answers 404 with a JSON error body", async (method, path, description) => {
  const response = await backend.client.request(method, path, { headers: sameOrigin() });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(expectError(response, 404, "not_found").error_description).toBe(description);
});

test.each([
  ["DELETE", "/api/config"],
  ["PUT", "/api/users/me/profiles/appearance"],
  ["POST", "/api/issues"],
  ["GET", "/api/inbox/markAll"],
] as const)("%s on %s, a method the resource does not offer, answers 404", async (method, path) => {
  const response = await backend.client.request(method, path, { body: {}, headers: bearer("admin") });
  expectError(response, 404, "not_found");
});

test("an unknown hub path is answered in Hub-API-Version 4", async () => {
  const response = await backend.client.request("GET", "/hub/api/rest/nope");
  expectError(response, 404);
  expect(response.headers.get("hub-api-version")).toBe("4");
});

test.each([
  ["an unterminated object", '{"uiTheme":"darcula"'],
  ["single quotes", "{'uiTheme':'darcula'}"],
  ["a trailing comma", '{"uiTheme":"darcula",}'],
  ["bare text", "darcula"],
])("a JSON body with %s answers 400 and writes nothing", async (_, rawBody) => {
  const before = await writableState(backend.db);
  const response = await backend.client.request("POST", "/api/users/me/profiles/appearance", {
    rawBody,
    headers: bearer("alice"),
  });
  expect(expectError(response, 400, "bad_request").error_description).toBe(
    "The request body is not valid JSON",
  );
  expect(await writableState(backend.db)).toEqual(before);
});

test("a malformed JSON body to the hub answers 400 and writes nothing", async () => {
  const before = await writableState(backend.db);
  const response = await backend.client.request("POST", "/hub/api/rest/users/endUserAgreementConsent", {
    rawBody: '{"accepted":true,',
    headers: bearer("alice"),
  });
  expectError(response, 400, "bad_request");
  expect(await writableState(backend.db)).toEqual(before);
});

test("a malformed JSON body to an unknown path still answers JSON", async () => {
  const response = await backend.client.request("POST", "/api/nope", {
    rawBody: "{",
    headers: bearer("alice"),
  });
  expectError(response, 400, "bad_request");
});

test.each([
  ["/api/users/me/profiles/appearance"],
  ["/api/analytics"],
  ["/api/users/me/profiles/tips"],
  ["/hub/api/rest/users/endUserAgreementConsent"],
])("a body over 500 KB to %s answers 413 and writes nothing", async (path) => {
  const before = await writableState(backend.db);
  const response = await backend.client.request("POST", path, {
    rawBody: TOO_LARGE,
    headers: bearer("alice"),
  });
  expect(expectError(response, 413, "payload_too_large").error_description).toBe(
    "The request body is too large",
  );
  expect(await writableState(backend.db)).toEqual(before);
});

test.each([
  ["arrays", (depth: number) => "[".repeat(depth) + "]".repeat(depth)],
  ["objects", (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth)],
])("JSON of deeply nested %s answers 400, not a stack overflow's 500", async (_kind, nest) => {
  const app = await backend.db.app.findFirstOrThrow({ select: { name: true } });
  const before = await writableState(backend.db);
  for (const depth of [5_000, 50_000]) {
    const response = await backend.client.request("PUT", `/api/apps/${app.name}/embeddings/e1`, {
      rawBody: `{"widgetKey":"w","config":${nest(depth)}}`,
      headers: bearer("admin"),
    });
    expect(expectError(response, 400, "bad_request").error_description).toBe(
      "The request body's JSON is nested too deeply",
    );
  }
  expect(await writableState(backend.db)).toEqual(before);
});

test("the depth counts nesting, never brackets inside strings", () => {
  expect(jsonDepth(`${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`)).toBe(MAX_JSON_DEPTH);
  expect(jsonDepth(`{"a":"[[[[{{\\"[[","b":[1]}`)).toBe(2);
});

test("a JSON body in an unsupported charset answers 415 with a JSON error body", async () => {
  const before = await writableState(backend.db);
  const response = await backend.client.request("POST", "/api/users/me/profiles/appearance", {
    rawBody: '{"uiTheme":"darcula"}',
    headers: { ...bearer("alice"), "content-type": "application/json; charset=latin1" },
  });
  expectError(response, 415);
  expect(await writableState(backend.db)).toEqual(before);
});

test("a corrupt configuration document answers 500 without revealing why", async () => {
  await withBackend(async ({ db, client }) => {
    await db.configuration.update({ where: { id: 1 }, data: { document: '{"version":42}' } });
    const response = await client.request("GET", "/api/config");
    expect(expectError(response, 500, "server_error").error_description).toBe("Internal error");
    expect(response.text).not.toContain("version");
  });
});

test("a missing configuration answers 503 not_configured", async () => {
  await withBackend(async ({ db, client }) => {
    await db.configuration.deleteMany();
    expectError(await client.request("GET", "/api/config"), 503, "not_configured");
  });
});

test("a missing user agreement answers 503 not_configured from the hub", async () => {
  await withBackend(async ({ db, client }) => {
    await db.userAgreement.deleteMany();
    expectError(await client.request("GET", "/hub/api/rest/settings/public"), 503, "not_configured");
  });
});

test("a missing guest account answers 500 to anonymous calls", async () => {
  await withBackend(async ({ db, client }) => {
    await db.user.delete({ where: { login: "guest" } });
    expectError(await client.request("GET", "/api/users/me"), 500, "server_error");
    expect((await client.request("GET", "/api/users/me", { headers: bearer("alice") })).status).toBe(200);
  });
});
