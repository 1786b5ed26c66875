import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { PushSettingsSchema } from "#contract/api.ts";
import { afterTomsSetUp, bearer, expectError, sameOrigin } from "#tests/helpers/backend.ts";
import { freshDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import { mockClient } from "#tests/helpers/mock-client.ts";
import { endpointAllowed } from "./web-push.ts";

const SUBSCRIPTIONS = "/api/users/me/pushSubscriptions";
const NOTIFY = "/api/inbox/threads";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on loopback: keeps what it receives, answers with the status of the path's last part. */
let received: Received[] = [];
const service = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
    const status = Number(/\/(\d{3})$/.exec(req.url ?? "")?.[1] ?? 201);
    res.writeHead(status).end();
  });
});
let origin = "";
let database: TestDatabase;
let client: ReturnType<typeof mockClient>;

beforeAll(async () => {
  service.listen(0, "127.0.0.1");
  await once(service, "listening");
  origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  database = freshDatabase();
  await afterTomsSetUp(database.db);
  client = mockClient(database.db, {
    push: { serviceOrigins: [origin], maxSubscriptionsPerUser: 3, subject: "mailto:ops@keel.test" },
  });
});
afterAll(async () => {
  service.close();
  await database.close();
});

/** A browser's subscription: its own P-256 key pair and auth secret (RFC 8291). */
function browserSubscription(path: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint: `${origin}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) with the browser's secrets. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), serverKey]);
  const ikm = hmac(hmac(auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding.
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString("utf8");
}

/** Checks the VAPID authorisation (RFC 8292): a JWT for the push service's origin, signed by `publicKey`. */
function checkVapid(authorization: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  expect(match, authorization).not.toBeNull();
  const [, header, claims, signature, key] = match!;
  expect(key).toBe(publicKey);
  const point = Buffer.from(publicKey, "base64url");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: point.subarray(1, 33).toString("base64url"),
    y: point.subarray(33).toString("base64url"),
  };
  const valid = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature!, "base64url"),
  );
  expect(valid).toBe(true);
  const payload = JSON.parse(Buffer.from(claims!, "base64url").toString()) as Record<string, unknown>;
  expect(payload).toMatchObject({ aud: audience, sub: "mailto:ops@keel.test" });
}

async function subscribe(login: string, subscription: unknown) {
  return client.request("POST", SUBSCRIPTIONS, { body: subscription, headers: bearer(login) });
}

const mention = (login: string, subject: string) => ({
  recipient: { login },
  subject,
  text: "@alice please look at the **release notes**:\n\n- [draft](https://example.com/notes)",
  issue: { idReadable: "DEMO-1" },
});

test("a notification written for a subscribed user is pushed to their browser, encrypted and signed", async () => {
  received = [];
  const browser = browserSubscription("/push/alice-1");
  expect((await subscribe("alice", browser.json)).status).toBe(201);
  const response = await client.request("POST", NOTIFY, {
    body: mention("alice", "Mentioned in DEMO-1"),
    headers: bearer("admin"),
  });
  expect(response.status, response.text).toBe(201);
  const threadId = (response.json as { id: string }).id;

  await vi.waitFor(() => expect(received).toHaveLength(1));
  const [push] = received;
  expect(push!.path).toBe("/push/alice-1");
  expect(push!.headers["content-encoding"]).toBe("aes128gcm");
  expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
  const settings = PushSettingsSchema.parse(
    (await client.request("GET", SUBSCRIPTIONS, { headers: bearer("alice") })).json,
  );
  checkVapid(push!.headers.authorization, settings.applicationServerKey!, origin);
  expect(JSON.parse(decrypt(push!.body, browser.ecdh, browser.auth))).toEqual({
    title: "Mentioned in DEMO-1",
    // The comment's Markdown, read as text.
    body: "Ada Admin: @alice please look at the release notes: draft",
    url: "/issue/DEMO-1",
    tag: `thread-${threadId}`,
    kind: "mention",
  });
});

test("a kind the user turned off is not pushed; the others still are", async () => {
  received = [];
  const browser = browserSubscription("/push/rachel-1");
  expect((await subscribe("rachel", browser.json)).status).toBe(201);
  const kinds = { mention: false, reaction: true, subscription: true, whatsnew: true };
  const saved = await client.request("POST", "/api/users/me/profiles/keel", {
    body: { notifications: kinds },
    headers: bearer("rachel"),
  });
  expect(saved.status, saved.text).toBe(200);
  await client.request("POST", NOTIFY, { body: mention("rachel", "Muted kind"), headers: bearer("admin") });
  await client.request("POST", NOTIFY, {
    body: { ...mention("rachel", "A reaction"), type: "reaction" },
    headers: bearer("admin"),
  });
  await vi.waitFor(() => expect(received).toHaveLength(1));
  expect(JSON.parse(decrypt(received[0]!.body, browser.ecdh, browser.auth))).toMatchObject({
    title: "A reaction",
    kind: "reaction",
  });
});

test("a subscription the push service no longer knows (404, 410) is removed", async () => {
  received = [];
  const gone = browserSubscription("/push/admin/410");
  const unknown = browserSubscription("/push/admin/404");
  const failing = browserSubscription("/push/admin/500");
  for (const browser of [gone, unknown, failing])
    expect((await subscribe("admin", browser.json)).status).toBe(201);
  await client.request("POST", NOTIFY, { body: mention("admin", "Anyone there?"), headers: bearer("admin") });
  const endpoints = async () =>
    (await database.db.pushSubscription.findMany({ where: { user: { login: "admin" } } })).map(
      (s) => s.endpoint,
    );
  await vi.waitFor(async () => expect(await endpoints()).toEqual([failing.json.endpoint]));
  expect(received).toHaveLength(3);
});

test("subscribing is bounded: known push services only, sizes checked, at most the cap per user", async () => {
  const browser = browserSubscription("/push/tom");
  expectError(await subscribe("tom", { ...browser.json, endpoint: "https://evil.example/push" }), 400);
  const longEndpoint = `${origin}/${"a".repeat(1100)}`;
  expectError(await subscribe("tom", { ...browser.json, endpoint: longEndpoint }), 400);
  expectError(
    await subscribe("tom", { ...browser.json, keys: { ...browser.json.keys, auth: "short" } }),
    400,
  );
  const badKey = { ...browser.json.keys, p256dh: `${browser.json.keys.p256dh.slice(1)}*` };
  expectError(await subscribe("tom", { ...browser.json, keys: badKey }), 400);
  expectError(await subscribe("tom", { ...browser.json, extra: 1 }), 400);
  expectError(
    await client.request("POST", SUBSCRIPTIONS, { body: browser.json, headers: sameOrigin() }),
    401,
  );

  for (const n of [1, 2, 3, 4]) {
    const answer = await subscribe("tom", browserSubscription(`/push/tom-${n}`).json);
    expect(answer.status).toBe(201);
  }
  const kept = await database.db.pushSubscription.findMany({
    where: { user: { login: "tom" } },
    orderBy: { endpoint: "asc" },
  });
  expect(kept.map((s) => s.endpoint.slice(origin.length))).toEqual([
    "/push/tom-2",
    "/push/tom-3",
    "/push/tom-4",
  ]);
});

test("unsubscribing removes only the user's own subscription; a browser subscribed again is the newest user's", async () => {
  const browser = browserSubscription("/push/shared");
  await subscribe("alice", browser.json);
  const byOther = await client.request("POST", `${SUBSCRIPTIONS}/remove`, {
    body: { endpoint: browser.json.endpoint },
    headers: bearer("rachel"),
  });
  expect(byOther.status).toBe(200);
  expect(await database.db.pushSubscription.count({ where: { endpoint: browser.json.endpoint } })).toBe(1);

  await subscribe("rachel", browser.json);
  const row = await database.db.pushSubscription.findUniqueOrThrow({
    where: { endpoint: browser.json.endpoint },
    include: { user: true },
  });
  expect(row.user.login).toBe("rachel");
  const removed = await client.request("POST", `${SUBSCRIPTIONS}/remove`, {
    body: { endpoint: browser.json.endpoint },
    headers: bearer("rachel"),
  });
  expect(removed.status).toBe(200);
  expect(await database.db.pushSubscription.count({ where: { endpoint: browser.json.endpoint } })).toBe(0);
});

test("the VAPID key pair is generated once and kept; configured keys are used as they are", async () => {
  const key = async (c: ReturnType<typeof mockClient>) =>
    PushSettingsSchema.parse((await c.request("GET", SUBSCRIPTIONS, { headers: bearer("alice") })).json)
      .applicationServerKey;
  const first = await key(client);
  const another = mockClient(database.db, { push: { serviceOrigins: [origin] } });
  expect(await key(another)).toBe(first);
  expect(first).toMatch(/^[\w-]{87}$/);
  const stored = await database.db.vapidKeyPair.findMany();
  expect(stored.map((row) => row.publicKey)).toEqual([first]);

  const configured = { publicKey: "BConfiguredKeyConfiguredKeyConfiguredKey", privateKey: "private" };
  expect(await key(mockClient(database.db, { push: { vapid: configured } }))).toBe(configured.publicKey);
});

test("endpoints must be on an allowed push service origin, subdomains only where a wildcard says so", () => {
  const origins = ["https://fcm.googleapis.com", "https://*.notify.windows.com"];
  expect(endpointAllowed("https://fcm.googleapis.com/fcm/send/abc", origins)).toBe(true);
  expect(endpointAllowed("https://wns2-db5p.notify.windows.com/w/?token=x", origins)).toBe(true);
  expect(endpointAllowed("https://notify.windows.com/w", origins)).toBe(false);
  expect(endpointAllowed("http://fcm.googleapis.com/fcm/send/abc", origins)).toBe(false);
  expect(endpointAllowed("https://fcm.googleapis.com:8443/x", origins)).toBe(false);
  expect(endpointAllowed("https://fcm.googleapis.com.evil.example/x", origins)).toBe(false);
  expect(endpointAllowed("https://user@fcm.googleapis.com/x", origins)).toBe(false);
  expect(endpointAllowed("not a url", origins)).toBe(false);
});

test("a wildcard origin keeps its port", () => {
  const origins = ["https://*.push.example:8443"];
  expect(endpointAllowed("https://a.push.example:8443/x", origins)).toBe(true);
  expect(endpointAllowed("https://a.push.example/x", origins)).toBe(false);
});
