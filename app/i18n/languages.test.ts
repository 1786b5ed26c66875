import { expect, test } from "vitest";
import { chooseLanguage, directionOf, fromAcceptLanguage, LANGUAGES, toLanguage } from "./languages.ts";

test("the 18 interface languages", () => {
  expect([...LANGUAGES]).toEqual("cs de en eo es fr he hu it ja ko pl pt ru tr uk zh zu".split(" "));
});

test("tags are reduced to their language, and only ours count", () => {
  expect(toLanguage("de-AT")).toBe("de");
  expect(toLanguage("pt_BR")).toBe("pt");
  expect(toLanguage("ZH-Hans-CN")).toBe("zh");
  expect(toLanguage("nl")).toBeNull();
  expect(toLanguage("")).toBeNull();
  expect(toLanguage(null)).toBeNull();
});

test("Accept-Language: the highest q-value among ours, ties by order", () => {
  expect(fromAcceptLanguage("nl-NL,nl;q=0.9,de;q=0.8,en;q=0.7")).toBe("de");
  expect(fromAcceptLanguage("en;q=0.5, ja;q=0.9")).toBe("ja");
  expect(fromAcceptLanguage("fr, es")).toBe("fr");
  expect(fromAcceptLanguage("he;q=0, ru;q=0.1")).toBe("ru");
  expect(fromAcceptLanguage("*")).toBeNull();
  expect(fromAcceptLanguage("xx;q=abc")).toBeNull();
  expect(fromAcceptLanguage(null)).toBeNull();
});

test("profile, then cookie, then Accept-Language, then the configured default, then English", () => {
  const none = { profile: null, cookie: null, acceptLanguage: null, configured: null };
  expect(
    chooseLanguage({ ...none, profile: "uk", cookie: "de", acceptLanguage: "fr", configured: "es" }),
  ).toBe("uk");
  expect(chooseLanguage({ ...none, cookie: "de", acceptLanguage: "fr", configured: "es" })).toBe("de");
  expect(chooseLanguage({ ...none, cookie: "nope", acceptLanguage: "fr", configured: "es" })).toBe("fr");
  expect(chooseLanguage({ ...none, acceptLanguage: "nl", configured: "es" })).toBe("es");
  expect(chooseLanguage(none)).toBe("en");
});

test("Hebrew is right-to-left, and so is a language the configuration marks isRTL", () => {
  expect(directionOf("he")).toBe("rtl");
  expect(directionOf("de")).toBe("ltr");
  expect(directionOf("en", true)).toBe("rtl");
});
