import { expect, test } from "vitest";
import { thirdPartyAnalyticsScript } from "./third-party.ts";

const URL_ = "https://analytics.example/script.js";
const base = { url: URL_, production: true, hosted: false, statisticsEnabled: true };

test("by default no third-party script is loaded", () => {
  expect(thirdPartyAnalyticsScript({ ...base, url: undefined })).toBeNull();
  expect(thirdPartyAnalyticsScript({ ...base, url: null })).toBeNull();
});

test("a configured script loads in production or on hosted installs, with statistics enabled", () => {
  expect(thirdPartyAnalyticsScript(base)).toBe(URL_);
  expect(thirdPartyAnalyticsScript({ ...base, production: false, hosted: true })).toBe(URL_);
  expect(thirdPartyAnalyticsScript({ ...base, production: false, hosted: false })).toBeNull();
  expect(thirdPartyAnalyticsScript({ ...base, statisticsEnabled: false })).toBeNull();
});

test("only an https URL is ever loaded", () => {
  expect(thirdPartyAnalyticsScript({ ...base, url: "http://analytics.example/s.js" })).toBeNull();
  expect(thirdPartyAnalyticsScript({ ...base, url: "javascript:alert(1)" })).toBeNull();
  expect(thirdPartyAnalyticsScript({ ...base, url: "not a url" })).toBeNull();
});
