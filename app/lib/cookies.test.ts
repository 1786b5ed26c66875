import { expect, test } from "vitest";
import { readCookie } from "#contract/cookies.ts";
import { cookieName, ONE_YEAR_SECONDS, serializeCookie } from "./cookies.ts";

test("Keel's cookies are site-wide, HTTP-only and Lax, Secure and __Host- prefixed over HTTPS", () => {
  expect(serializeCookie(cookieName("keel_csrf", false), "abc", { secure: false })).toBe(
    "keel_csrf=abc; Path=/; HttpOnly; SameSite=Lax",
  );
  expect(
    serializeCookie(cookieName("keel_csrf", true), "abc", { maxAgeSeconds: ONE_YEAR_SECONDS, secure: true }),
  ).toBe("__Host-keel_csrf=abc; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax");
});

test("a value cannot add attributes and reads back as written", () => {
  const cookie = serializeCookie("keel_locale", "de; Domain=evil.example", { secure: false });
  expect(cookie).toBe("keel_locale=de%3B%20Domain%3Devil.example; Path=/; HttpOnly; SameSite=Lax");
  expect(readCookie(cookie.split("; ")[0], "keel_locale")).toBe("de; Domain=evil.example");
});
