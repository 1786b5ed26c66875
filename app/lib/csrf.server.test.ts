import { expect, test } from "vitest";
import { csrfTokenOf, mintCsrf } from "./csrf.server.ts";

const SECRET = "csrf-test-secret-0123456789-0123456789";
const grant = (cookieHeader: string | null, sessionId = "s1", secure = false) =>
  mintCsrf({ cookieHeader, secure, secret: SECRET, sessionId });
const cookieOf = (setCookie: string | null) => (setCookie ?? "").split(";")[0] ?? "";

test("a browser without the cookie gets one, and the token minted with it verifies", () => {
  const first = grant(null);
  expect(first.setCookie).toMatch(/^keel_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
  expect(first.verify(first.token)).toBe(true);
  expect(first.verify(`${first.token}x`)).toBe(false);
  expect(first.verify("")).toBe(false);

  const again = grant(cookieOf(first.setCookie));
  expect(again.setCookie).toBeNull();
  expect(again.token).toBe(first.token);
});

test("the token is bound to the browser's cookie and to the session", () => {
  const browser = cookieOf(grant(null).setCookie);
  const other = cookieOf(grant(null).setCookie);
  expect(grant(browser).token).not.toBe(grant(other).token);
  expect(grant(browser, "s1").verify(grant(browser, "s2").token)).toBe(false);
});

test("a malformed cookie is replaced; over HTTPS the cookie is __Host- prefixed and Secure", () => {
  expect(grant("keel_csrf=short").setCookie).toMatch(/^keel_csrf=[A-Za-z0-9_-]{43};/);
  const secure = grant(null, "s1", true);
  expect(secure.setCookie).toMatch(
    /^__Host-keel_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
  );
  // The plain name does not count over HTTPS.
  expect(grant(`keel_csrf=${"a".repeat(43)}`, "s1", true).setCookie).not.toBeNull();
});

test("a request's token comes from the header, else the urlencoded or multipart csrf field", async () => {
  const at = "http://keel.test/x";
  expect(await csrfTokenOf(new Request(at, { method: "POST", headers: { "x-csrf-token": "h" } }))).toBe("h");
  const form = { "content-type": "application/x-www-form-urlencoded" };
  expect(await csrfTokenOf(new Request(at, { method: "POST", headers: form, body: "a=1&csrf=f" }))).toBe("f");
  const multipart = { "content-type": "multipart/form-data; boundary=b" };
  const body = '--b\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nm\r\n--b--\r\n';
  expect(await csrfTokenOf(new Request(at, { method: "POST", headers: multipart, body }))).toBe("m");
  expect(await csrfTokenOf(new Request(at, { method: "POST", body: "csrf=t" }))).toBeNull();
});
