import { expect, test } from "vitest";
import { ConfigurationSchema } from "#contract/api.ts";
import { demoConfiguration } from "#prisma/factories.ts";
import {
  expectError,
  expectOk,
  selectorFor,
  useBackend,
  withBackend,
  withFields,
} from "#tests/helpers/backend.ts";

const backend = useBackend();
const getConfig = (selector: string) => backend.client.request("GET", withFields("/api/config", selector));

test("GET /api/config returns only the selected nested fields", async () => {
  const response = await getConfig("ring(url,serviceId),l10n(locale,isRTL)");
  expect(response.status).toBe(200);
  expect(response.json).toEqual({
    ring: { url: "/hub", serviceId: "keel-demo-service" },
    l10n: { locale: "en_US", isRTL: false },
  });
});

test("GET /api/config follows parentheses nested several levels deep", async () => {
  const response = await getConfig("ring(services(dashboard(homeUrl)),broken),system(maxExportItems)");
  expect(expectOk(response)).toEqual({
    ring: { services: { dashboard: { homeUrl: "/dashboard" } }, broken: false },
    system: { maxExportItems: 500 },
  });
});

test("GET /api/config tolerates whitespace around names, commas and parentheses", async () => {
  const response = await getConfig(" ring ( url ,\n serviceId ) ,\t l10n( locale ) ");
  expect(expectOk(response)).toEqual({
    ring: { url: "/hub", serviceId: "keel-demo-service" },
    l10n: { locale: "en_US" },
  });
});

test("GET /api/config expands aliases the way the app's deduplicated selectors use them", async () => {
  const response = await getConfig("ring(@f1),hosted(hosted);@f1:url,enabled");
  expect(expectOk(response)).toEqual({ ring: { url: "/hub", enabled: true }, hosted: { hosted: false } });
});

test("GET /api/config leaves out unknown field names instead of failing", async () => {
  const response = await getConfig("version,noSuchField,ring(noSuchChild)");
  expect(expectOk(response)).toEqual({ version: "2025.4", ring: {} });
});

test("GET /api/config without fields answers only the version, its liveness check", async () => {
  const response = await backend.client.request("GET", "/api/config");
  expect(expectOk(response)).toEqual({ version: "2025.4" });
});

test("GET /api/config answers the banners selector with the seeded banner", async () => {
  const response = await getConfig("banners(globalBanner,globalBannerEnabled,systemEventsBanners)");
  expect(expectOk(response)).toEqual({ banners: demoConfiguration().banners });
});

test("GET /api/config with the app's full selector satisfies the contract and equals the demo data", async () => {
  const response = await getConfig(selectorFor(ConfigurationSchema));
  expect(ConfigurationSchema.parse(expectOk(response))).toEqual(demoConfiguration());
});

test.each([
  ["an unclosed parenthesis", "ring(url"],
  ["an empty sub-selector", "ring()"],
  ["a double comma", "version,,build"],
  ["a trailing comma", "version,"],
  ["an empty selector", ""],
  ["only whitespace", "   "],
  ["an undefined alias", "ring(@missing)"],
  ["a stray closing parenthesis", "version)"],
  ["an invalid character", "ver sion"],
])("GET /api/config refuses a selector with %s as 400 naming the fields parameter", async (_, selector) => {
  const body = expectError(await getConfig(selector), 400, "bad_request");
  expect(body.error_description).toMatch(/^Invalid fields: /);
  expect(body.issues).toEqual([{ path: "fields", message: expect.stringMatching(/at position \d+$/) }]);
});

test("GET /api/config refuses a selector longer than 4096 characters", async () => {
  const selector = Array.from({ length: 700 }, (_, i) => `field${i}`).join(",");
  expect(selector.length).toBeGreaterThan(4096);
  expectError(await getConfig(selector), 400, "bad_request");
});

test("GET /api/config refuses the fields parameter given twice", async () => {
  const response = await backend.client.request("GET", "/api/config?fields=version&fields=build");
  expectError(response, 400, "bad_request");
});

test("GET /api/config refuses an unknown query parameter, like every other read", async () => {
  const body = expectError(await backend.client.request("GET", "/api/config?fields=version&cache=1"), 400);
  expect(body.issues).toEqual([{ path: "(root)", message: expect.stringContaining("cache") }]);
});

test("GET /api/config accepts ignoreLicenseErrors but only as true or false", async () => {
  expect(expectOk(await backend.client.request("GET", "/api/config?ignoreLicenseErrors=true"))).toEqual({
    version: "2025.4",
  });
  expectError(
    await backend.client.request("GET", "/api/config?ignoreLicenseErrors=maybe"),
    400,
    "bad_request",
  );
});

test("GET /api/config serves what the Configuration document in the database says", async () => {
  await withBackend(async ({ db, client }) => {
    const document = demoConfiguration({ statisticsEnabled: false, licenseError: "Expired" });
    await db.configuration.update({ where: { id: 1 }, data: { document: JSON.stringify(document) } });
    const response = await client.request("GET", withFields("/api/config", "statisticsEnabled,licenseError"));
    expect(expectOk(response)).toEqual({ statisticsEnabled: false, licenseError: "Expired" });
  });
});
