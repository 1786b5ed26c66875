import { expect, test, vi } from "vitest";
import type { Consent } from "#contract/api.ts";
import { DEMO_AGREEMENT } from "#prisma/factories.ts";
import { USER_AGREEMENT_CONFIG_ERROR } from "../lib/app-errors.ts";
import {
  createAgreementService,
  guestConsentCookie,
  loadAgreementState,
  readGuestConsent,
} from "./user-agreement.server.ts";

const request = (url = "http://keel.test/issues", cookie?: string) =>
  new Request(url, { headers: cookie ? { cookie } : {} });

function service(consent: Consent | null) {
  return createAgreementService({
    read: () => Promise.resolve({ agreement: DEMO_AGREEMENT, consent }),
    consent: vi.fn((c) => Promise.resolve(c)),
  });
}

test("a configuration without read or consent throws the catalogue's error", () => {
  expect(() =>
    createAgreementService({ read: async () => ({ agreement: DEMO_AGREEMENT, consent: null }) }),
  ).toThrow(USER_AGREEMENT_CONFIG_ERROR);
  expect(() => createAgreementService({ consent: async (c) => c })).toThrow(USER_AGREEMENT_CONFIG_ERROR);
});

test("a signed-in user without consent gets the dialog with the agreement as sanitised HTML", async () => {
  const state = await loadAgreementState(service(null), { guest: false }, request());
  expect(state).toMatchObject({ prompt: "dialog", majorVersion: 1, minorVersion: 0 });
  expect(state?.html).toContain("<h1");
  expect(state?.html).not.toContain("<script");
});

test("consent to the same major version means no prompt; a minor bump does not ask again", async () => {
  const consent = { accepted: true, majorVersion: 1, minorVersion: 0 };
  expect(await loadAgreementState(service(consent), { guest: false }, request())).toBeNull();
  const older = { accepted: true, majorVersion: 0, minorVersion: 9 };
  expect((await loadAgreementState(service(older), { guest: false }, request()))?.prompt).toBe("dialog");
});

test("a guest gets a notice, the dialog on review, nothing after remind-later or their own acceptance", async () => {
  const guest = { guest: true };
  expect((await loadAgreementState(service(null), guest, request()))?.prompt).toBe("notice");
  expect(
    (await loadAgreementState(service(null), guest, request("http://keel.test/issues?agreement=review")))
      ?.prompt,
  ).toBe("dialog");
  expect(
    await loadAgreementState(service(null), guest, request(undefined, "keel_agreement_later=1")),
  ).toBeNull();
  expect(
    await loadAgreementState(service(null), guest, request(undefined, "keel_guest_agreement=1.0")),
  ).toBeNull();
});

test("a guest's consent cookie round-trips and rejects anything else", () => {
  const cookie = guestConsentCookie({ accepted: true, majorVersion: 3, minorVersion: 12 }, true);
  expect(cookie).toMatch(
    /^keel_guest_agreement=3\.12; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
  );
  expect(readGuestConsent("keel_guest_agreement=3.12")).toEqual({
    accepted: true,
    majorVersion: 3,
    minorVersion: 12,
  });
  expect(readGuestConsent("keel_guest_agreement=3")).toBeNull();
  expect(readGuestConsent("keel_guest_agreement=<script>")).toBeNull();
  expect(readGuestConsent(null)).toBeNull();
});
