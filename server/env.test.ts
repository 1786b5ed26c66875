import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { appLimits, EnvError, loadEnv, loadSessionSecret, parseEnv } from "./env.ts";
import { mockLimits, mockPushOptions } from "./mock-limits.ts";

test("defaults describe the demo: port 3000 on localhost, SQLite in ./data, mock backend", () => {
  const env = parseEnv({});
  expect(env).toMatchObject({
    PORT: 3000,
    HOST: "localhost",
    DATABASE_URL: "file:./data/keel.db",
    LOG_LEVEL: "info",
  });
  expect(env.BACKEND_URL).toBeUndefined();
});

test("a bad PORT stops the boot with a message naming PORT and the value", () => {
  expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
  expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT: .*"eighty"/);
  expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT: must be between 0 and 65535/);
});

test("every bad variable is named at once", () => {
  let message = "";
  try {
    parseEnv({ BACKEND_URL: "ftp://example.com", LOG_LEVEL: "loud", SESSION_SECRET: "short" });
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toMatch(/BACKEND_URL: must be an http or https URL/);
  expect(message).toMatch(/LOG_LEVEL: must be one of/);
  expect(message).toMatch(/SESSION_SECRET: must be at least 32 characters/);
});

test("DATABASE_URL must name a SQLite file", () => {
  expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a SQLite file URL/);
  expect(parseEnv({ DATABASE_URL: "file:/srv/keel/keel.db" }).DATABASE_URL).toBe("file:/srv/keel/keel.db");
});

test("empty variables count as unset and BACKEND_URL loses its trailing slash", () => {
  expect(parseEnv({ PORT: "", BACKEND_URL: "" }).PORT).toBe(3000);
  expect(parseEnv({ BACKEND_URL: "https://tracker.example.com/" }).BACKEND_URL).toBe(
    "https://tracker.example.com",
  );
});

test("a missing SESSION_SECRET is generated once, kept private in the data folder and reused", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "keel-env-"));
  const first = loadSessionSecret(undefined, dir);
  const second = loadSessionSecret(undefined, dir);
  expect(first).toHaveLength(64);
  expect(second).toBe(first);
  const file = path.join(dir, "session-secret");
  expect(readFileSync(file, "utf8").trim()).toBe(first);
  expect(statSync(file).mode & 0o777).toBe(0o600);
});

test("an explicit SESSION_SECRET wins and the data folder sits beside the SQLite file", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "keel-env-"));
  const env = loadEnv({ DATABASE_URL: `file:${dir}/sub/keel.db`, SESSION_SECRET: "s".repeat(40) });
  expect(env.SESSION_SECRET).toBe("s".repeat(40));
  expect(env.DATA_DIR).toBe(path.join(dir, "sub"));
});

test("with PostgreSQL or KEEL_CLUSTER=1 a missing SESSION_SECRET stops the server instead of being generated", () => {
  const pg = "postgresql://keel@127.0.0.1:5432/keel";
  expect(() => parseEnv({ DATABASE_URL: pg })).toThrow(
    /SESSION_SECRET: must be set, the same on every server/,
  );
  expect(() => parseEnv({ KEEL_CLUSTER: "1", BACKEND_URL: "http://127.0.0.1:8080" })).toThrow(
    /SESSION_SECRET: must be set/,
  );
  expect(parseEnv({ DATABASE_URL: pg, SESSION_SECRET: "s".repeat(40) }).DATABASE_URL).toBe(pg);
  expect(parseEnv({ KEEL_CLUSTER: "0" }).KEEL_CLUSTER).toBe(false);
  expect(() => parseEnv({ DATABASE_URL: "mysql://keel@localhost/keel" })).toThrow(/DATABASE_URL/);
});

test("KEEL_BUILD_DIR defaults to build, and the benchmark has no setting of its own", () => {
  expect(parseEnv({})).toMatchObject({ KEEL_BUILD_DIR: "build" });
  expect(parseEnv({ KEEL_BUILD_DIR: "bench/build" }).KEEL_BUILD_DIR).toBe("bench/build");
  expect(parseEnv({ KEEL_BENCH: "1" })).not.toHaveProperty("KEEL_BENCH");
});

test("the mock backend's analytics and stream limits have defaults, are read as numbers and must be positive", () => {
  expect(parseEnv({})).toMatchObject({
    ANALYTICS_RATE_BURST: 300,
    ANALYTICS_RATE_PER_MINUTE: 120,
    ANALYTICS_MAX_STORED_EVENTS: 1_000_000,
    ANALYTICS_MAX_STORED_MB: 256,
    ANALYTICS_RETENTION_DAYS: 90,
    INBOX_STREAMS_PER_USER: 10,
  });
  const env = parseEnv({ ANALYTICS_RETENTION_DAYS: "30", INBOX_STREAMS_PER_USER: "3" });
  expect(mockLimits(env)).toEqual({
    analytics: {
      burst: 300,
      perMinute: 120,
      maxStoredEvents: 1_000_000,
      maxStoredBytes: 256 * 1024 * 1024,
      retentionDays: 30,
    },
    inboxStreams: { maxStreamsPerUser: 3, eventPollMs: 1000 },
    identity: {},
  });
  expect(mockLimits({})).toEqual({ analytics: {}, inboxStreams: {}, identity: {} });
  expect(mockLimits({ HUB_ACCESS_TOKEN_SECONDS: 30 }).identity).toEqual({ accessTokenSeconds: 30 });
  expect(() => parseEnv({ ANALYTICS_RATE_PER_MINUTE: "0" })).toThrow(
    /ANALYTICS_RATE_PER_MINUTE: must be at least 1/,
  );
  expect(() => parseEnv({ INBOX_STREAMS_PER_USER: "many" })).toThrow(/INBOX_STREAMS_PER_USER/);
});

test("app handler and package limits have defaults, and a bad one names its variable", () => {
  expect(appLimits(parseEnv({}))).toEqual({
    handlers: {
      timeoutMs: 5000,
      memoryMb: 256,
      maxConcurrent: 3,
      maxPerApp: 2,
      maxPerUser: 1,
      maxQueued: 100,
      maxQueuedPerUser: 10,
    },
    packages: { maxBytes: 50 * 1024 * 1024 },
  });
  expect(appLimits(parseEnv({ APP_HANDLER_MEMORY_MB: "512" })).handlers?.memoryMb).toBe(512);
  expect(() => parseEnv({ APP_HANDLER_MEMORY_MB: "64" })).toThrow(
    /APP_HANDLER_MEMORY_MB: must be at least 128/,
  );
  expect(() => parseEnv({ APP_HANDLER_PER_USER: "one" })).toThrow(/APP_HANDLER_PER_USER: must be a number/);
});

test("a data folder the session secret creates is its owner's only", () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "keel-env-")), "data");
  loadSessionSecret(undefined, dir);
  expect(statSync(dir).mode & 0o777).toBe(0o700);
});

test("no proxy is trusted by default; TRUST_PROXY names one", () => {
  expect(parseEnv({}).TRUST_PROXY).toBe("false");
  expect(parseEnv({ TRUST_PROXY: "10.0.0.1" }).TRUST_PROXY).toBe("10.0.0.1");
});

test("body limits and the public demo switch have defaults and refuse nonsense", () => {
  expect(parseEnv({})).toMatchObject({
    KEEL_MAX_BODY_BYTES: 1024 * 1024,
    KEEL_MAX_UPLOAD_BYTES: 21 * 1024 * 1024,
    KEEL_ALLOW_PUBLIC_DEMO: false,
  });
  expect(parseEnv({ KEEL_MAX_BODY_BYTES: "65536" }).KEEL_MAX_BODY_BYTES).toBe(65536);
  expect(() => parseEnv({ KEEL_MAX_BODY_BYTES: "lots" })).toThrow(/KEEL_MAX_BODY_BYTES: must be a number/);
  expect(() => parseEnv({ KEEL_MAX_UPLOAD_BYTES: "10" })).toThrow(/KEEL_MAX_UPLOAD_BYTES: must be at least/);
  expect(parseEnv({ KEEL_ALLOW_PUBLIC_DEMO: "1" }).KEEL_ALLOW_PUBLIC_DEMO).toBe(true);
});

test("the event streams a process holds have a default and refuse nonsense", () => {
  expect(parseEnv({}).KEEL_MAX_EVENT_STREAMS).toBe(5000);
  expect(parseEnv({ KEEL_MAX_EVENT_STREAMS: "200" }).KEEL_MAX_EVENT_STREAMS).toBe(200);
  expect(() => parseEnv({ KEEL_MAX_EVENT_STREAMS: "0" })).toThrow(
    /KEEL_MAX_EVENT_STREAMS: must be at least 1/,
  );
});

test("Web Push settings: keys together or not at all, origins as a list, defaults for the rest", () => {
  const defaults = parseEnv({});
  expect(defaults).toMatchObject({ VAPID_SUBJECT: "mailto:keel@localhost", PUSH_SUBSCRIPTIONS_PER_USER: 10 });
  expect(defaults.PUSH_SERVICE_ORIGINS).toContain("https://fcm.googleapis.com");
  expect(mockPushOptions(defaults).push).not.toHaveProperty("vapid");
  const publicKey = `B${"a".repeat(86)}`;
  const privateKey = "k".repeat(43);
  const env = parseEnv({
    VAPID_PUBLIC_KEY: publicKey,
    VAPID_PRIVATE_KEY: privateKey,
    VAPID_SUBJECT: "https://keel.example",
    PUSH_SERVICE_ORIGINS: "https://push.example, https://*.push.example:8443",
  });
  expect(mockPushOptions(env).push).toMatchObject({
    vapid: { publicKey, privateKey },
    subject: "https://keel.example",
    serviceOrigins: ["https://push.example", "https://*.push.example:8443"],
  });
  expect(() => parseEnv({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PRIVATE_KEY: .*together/);
  expect(() => parseEnv({ VAPID_SUBJECT: "http://keel.example" })).toThrow(/VAPID_SUBJECT/);
  expect(() => parseEnv({ PUSH_SERVICE_ORIGINS: "https://push.example/path" })).toThrow(
    /PUSH_SERVICE_ORIGINS/,
  );
});
