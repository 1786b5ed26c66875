import { expect, test } from "vitest";
import type { Consent, CurrentUser, UserAgreement } from "#contract/api.ts";
import { DEMO_AGREEMENT, DEMO_USERS } from "#prisma/factories.ts";
import {
  PRICING_POPUP_MIN_SINCE_FIRST_SEEN_MS,
  PRICING_POPUP_MIN_SINCE_LAST_PROMO_MS,
} from "../lib/constants.ts";
import {
  AGREEMENT_TAB_MESSAGE_KEY,
  DECLINED_AGREEMENT_MESSAGE_CODE,
  PRICING_CHANGE_DATE,
  agreementPrompt,
  canAccept,
  isConsentValid,
  shouldShowPricingPopup,
  twoFactorRedirect,
  type PricingPopupInput,
} from "./shell-rules.ts";

// ---------- factories ----------

interface UserOptions {
  id?: string;
  guest?: boolean;
  userType?: "STANDARD_USER" | "REPORTER";
  helpdeskReporter?: boolean;
  showPricingAdminPopup?: boolean;
  pricingAdminPopupShown?: boolean;
  requiredTwoFactor?: boolean;
  totp?: boolean;
  webauthn?: boolean;
}

function makeUser(o: UserOptions = {}): CurrentUser {
  return {
    id: o.id ?? "1-9",
    login: "user",
    name: "A User",
    guest: o.guest ?? false,
    email: null,
    avatarUrl: null,
    avatarType: "default",
    requiredTwoFactorAuthentication: o.requiredTwoFactor ?? false,
    twoFactorAuthentication: { enabled: o.totp ?? false },
    webauthnDevice: { enabled: o.webauthn ?? false },
    userType: { id: o.userType ?? "STANDARD_USER" },
    featureFlags: [],
    widgets: [],
    profiles: {
      appearance: { uiTheme: "default", expandNavigation: true, showTooltips: true },
      general: { locale: { language: "en", locale: "en_US" } },
      helpdesk: { helpdeskFolder: null, isReporter: o.helpdeskReporter ?? false },
      timetracking: { isTimeTrackingAvailable: true },
      tips: {
        showTips: false,
        showPricingAdminPopup: o.showPricingAdminPopup ?? true,
        pricingAdminPopupShown: o.pricingAdminPopupShown ?? false,
      },
    },
  };
}

const NOW = Date.UTC(2025, 9, 15, 12, 0, 0);
const TEN_MIN = PRICING_POPUP_MIN_SINCE_FIRST_SEEN_MS;
const THREE_H = PRICING_POPUP_MIN_SINCE_LAST_PROMO_MS;

/** A case where every condition holds; each test breaks exactly one. */
function pricing(overrides: Partial<PricingPopupInput> = {}): boolean {
  return shouldShowPricingPopup({
    user: makeUser(),
    now: NOW,
    firstSeenAt: NOW - TEN_MIN - 1,
    lastPromoAt: null,
    tabVisible: true,
    ...overrides,
  });
}

const agreement = (o: Partial<UserAgreement> = {}): UserAgreement => ({
  enabled: true,
  text: "terms",
  majorVersion: 2,
  minorVersion: 3,
  requiredForREST: false,
  ...o,
});

const consent = (majorVersion: number, minorVersion: number, accepted = true): Consent => ({
  accepted,
  majorVersion,
  minorVersion,
});

// ---------- pricing popup ----------

test("the pricing popup announces the change of 1 October 2025", () => {
  expect(PRICING_CHANGE_DATE).toBe("2025-10-01");
});

test("the pricing popup shows when every condition holds", () => {
  expect(pricing()).toBe(true);
});

test("the pricing popup is hidden from guests", () => {
  expect(pricing({ user: makeUser({ guest: true }) })).toBe(false);
});

test("the pricing popup is hidden from reporters by user type or by helpdesk profile", () => {
  expect(pricing({ user: makeUser({ userType: "REPORTER" }) })).toBe(false);
  expect(pricing({ user: makeUser({ helpdeskReporter: true }) })).toBe(false);
});

test("the pricing popup needs showPricingAdminPopup on", () => {
  expect(pricing({ user: makeUser({ showPricingAdminPopup: false }) })).toBe(false);
});

test("the pricing popup is not shown again once pricingAdminPopupShown is set", () => {
  expect(pricing({ user: makeUser({ pricingAdminPopupShown: true }) })).toBe(false);
});

test("the pricing popup waits for at least 10 minutes since first seen, exactly 10 minutes included", () => {
  expect(pricing({ firstSeenAt: NOW - TEN_MIN })).toBe(true);
  expect(pricing({ firstSeenAt: NOW - TEN_MIN + 1 })).toBe(false);
  expect(pricing({ firstSeenAt: NOW })).toBe(false);
});

test("the pricing popup does not show for a user not yet seen", () => {
  expect(pricing({ firstSeenAt: null })).toBe(false);
});

test("the pricing popup needs a visible tab", () => {
  expect(pricing({ tabVisible: false })).toBe(false);
});

test("the pricing popup waits 3 hours after a promo, exactly 3 hours included", () => {
  expect(pricing({ lastPromoAt: NOW - THREE_H })).toBe(true);
  expect(pricing({ lastPromoAt: NOW - THREE_H + 1 })).toBe(false);
  expect(pricing({ lastPromoAt: NOW })).toBe(false);
});

test("a promo time in the future counts as recent", () => {
  expect(pricing({ lastPromoAt: NOW + 60_000 })).toBe(false);
});

// ---------- consent ----------

test("a disabled agreement needs no consent", () => {
  expect(isConsentValid(agreement({ enabled: false }), null)).toBe(true);
  expect(isConsentValid(agreement({ enabled: false }), consent(1, 0, false))).toBe(true);
});

test("an enabled agreement without consent is not accepted", () => {
  expect(isConsentValid(agreement(), null)).toBe(false);
  expect(isConsentValid(agreement(), undefined)).toBe(false);
});

test("consent to the same version is valid, a refusal is not", () => {
  expect(isConsentValid(agreement(), consent(2, 3))).toBe(true);
  expect(isConsentValid(agreement(), consent(2, 3, false))).toBe(false);
});

test("a minor version bump keeps the consent valid", () => {
  expect(isConsentValid(agreement({ minorVersion: 4 }), consent(2, 3))).toBe(true);
  expect(isConsentValid(agreement({ minorVersion: 0 }), consent(2, 3))).toBe(true);
});

test("a major version bump asks again, and so does any other major version", () => {
  expect(isConsentValid(agreement({ majorVersion: 3 }), consent(2, 3))).toBe(false);
  expect(isConsentValid(agreement({ majorVersion: 1 }), consent(2, 3))).toBe(false);
});

// ---------- which prompt ----------

test("a signed-in user with valid consent gets no prompt", () => {
  expect(
    agreementPrompt({
      agreement: agreement(),
      consent: consent(2, 0),
      guest: false,
      guestLocalConsent: null,
    }),
  ).toBe("none");
});

test("a signed-in user without consent or after a major bump gets the blocking dialog", () => {
  const base = { guest: false, guestLocalConsent: null };
  expect(agreementPrompt({ ...base, agreement: agreement(), consent: null })).toBe("dialog");
  expect(
    agreementPrompt({ ...base, agreement: agreement({ majorVersion: 3 }), consent: consent(2, 3) }),
  ).toBe("dialog");
});

test("a signed-in user is judged by the hub consent, not by a guest's local consent", () => {
  expect(
    agreementPrompt({
      agreement: agreement(),
      consent: null,
      guest: false,
      guestLocalConsent: consent(2, 3),
    }),
  ).toBe("dialog");
});

test("a guest without local consent gets a non-blocking notice", () => {
  expect(
    agreementPrompt({ agreement: agreement(), consent: null, guest: true, guestLocalConsent: null }),
  ).toBe("notice");
});

test("a guest gets the blocking dialog when the agreement is required for REST", () => {
  expect(
    agreementPrompt({
      agreement: agreement({ requiredForREST: true }),
      consent: null,
      guest: true,
      guestLocalConsent: null,
    }),
  ).toBe("dialog");
});

test("a guest with valid local consent gets no prompt, even when required for REST", () => {
  const guestLocalConsent = consent(2, 1);
  expect(agreementPrompt({ agreement: agreement(), consent: null, guest: true, guestLocalConsent })).toBe(
    "none",
  );
  expect(
    agreementPrompt({
      agreement: agreement({ requiredForREST: true }),
      consent: null,
      guest: true,
      guestLocalConsent,
    }),
  ).toBe("none");
});

test("a guest is judged by local consent, not by the hub consent", () => {
  expect(
    agreementPrompt({ agreement: agreement(), consent: consent(2, 3), guest: true, guestLocalConsent: null }),
  ).toBe("notice");
});

test("a guest whose local consent is for an older major version is asked again", () => {
  expect(
    agreementPrompt({
      agreement: agreement({ majorVersion: 3 }),
      consent: null,
      guest: true,
      guestLocalConsent: consent(2, 3),
    }),
  ).toBe("notice");
});

test("a disabled agreement prompts nobody", () => {
  const off = agreement({ enabled: false, requiredForREST: true });
  expect(agreementPrompt({ agreement: off, consent: null, guest: false, guestLocalConsent: null })).toBe(
    "none",
  );
  expect(agreementPrompt({ agreement: off, consent: null, guest: true, guestLocalConsent: null })).toBe(
    "none",
  );
});

test("the demo agreement prompts alice (no consent) but not admin (consent to version 1)", () => {
  const base = { agreement: DEMO_AGREEMENT, guest: false, guestLocalConsent: null };
  expect(agreementPrompt({ ...base, consent: null })).toBe("dialog");
  expect(agreementPrompt({ ...base, consent: consent(DEMO_AGREEMENT.majorVersion, 0) })).toBe("none");
});

// ---------- scroll to accept ----------

test("accept is allowed at once when the agreement fits", () => {
  expect(canAccept({ scrollTop: 0, clientHeight: 500, scrollHeight: 500 })).toBe(true);
  expect(canAccept({ scrollTop: 0, clientHeight: 500, scrollHeight: 300 })).toBe(true);
});

test("accept is refused until the agreement is scrolled to the end", () => {
  expect(canAccept({ scrollTop: 0, clientHeight: 500, scrollHeight: 2000 })).toBe(false);
  expect(canAccept({ scrollTop: 1000, clientHeight: 500, scrollHeight: 2000 })).toBe(false);
  expect(canAccept({ scrollTop: 1500, clientHeight: 500, scrollHeight: 2000 })).toBe(true);
});

test("the default tolerance is 2 px: 2 px short passes, 3 px short does not", () => {
  expect(canAccept({ scrollTop: 1498, clientHeight: 500, scrollHeight: 2000 })).toBe(true);
  expect(canAccept({ scrollTop: 1497, clientHeight: 500, scrollHeight: 2000 })).toBe(false);
  expect(canAccept({ scrollTop: 1499.5, clientHeight: 500, scrollHeight: 2000 })).toBe(true);
});

test("the tolerance can be changed", () => {
  expect(canAccept({ scrollTop: 1490, clientHeight: 500, scrollHeight: 2000, tolerancePx: 10 })).toBe(true);
  expect(canAccept({ scrollTop: 1489, clientHeight: 500, scrollHeight: 2000, tolerancePx: 10 })).toBe(false);
  expect(canAccept({ scrollTop: 1499, clientHeight: 500, scrollHeight: 2000, tolerancePx: 0 })).toBe(false);
  expect(canAccept({ scrollTop: 1500, clientHeight: 500, scrollHeight: 2000, tolerancePx: 0 })).toBe(true);
});

test("declining logs out with the declined-agreement message code", () => {
  expect(DECLINED_AGREEMENT_MESSAGE_CODE).toBe("userAgreementDeclined");
});

// ---------- cross-tab messages ----------

test("cross-tab messages use the userAgreementKey storage key", () => {
  expect(AGREEMENT_TAB_MESSAGE_KEY).toBe("userAgreementKey");
});

// ---------- two-factor ----------

const mustUse2fa = (o: UserOptions = {}) => makeUser({ id: "1-7", requiredTwoFactor: true, ...o });

test("a user who must use two-factor and has no method is sent to their account security tab", () => {
  expect(twoFactorRedirect(mustUse2fa(), "/issues")).toBe("/users/1-7?tab=account-security");
});

test("no redirect when two-factor is not required", () => {
  expect(twoFactorRedirect(mustUse2fa({ requiredTwoFactor: false }), "/issues")).toBeNull();
});

test("no redirect when an authenticator app or a WebAuthn device is enabled", () => {
  expect(twoFactorRedirect(mustUse2fa({ totp: true }), "/issues")).toBeNull();
  expect(twoFactorRedirect(mustUse2fa({ webauthn: true }), "/issues")).toBeNull();
});

test("no redirect for guests", () => {
  expect(twoFactorRedirect(mustUse2fa({ guest: true }), "/issues")).toBeNull();
});

test("no redirect when already on the user's page, whatever the tab or a trailing slash", () => {
  const user = mustUse2fa();
  expect(twoFactorRedirect(user, "/users/1-7")).toBeNull();
  expect(twoFactorRedirect(user, "/users/1-7/")).toBeNull();
  expect(twoFactorRedirect(user, "/users/1-7?tab=account-security")).toBeNull();
  expect(twoFactorRedirect(user, "/users/1-7?tab=general")).toBeNull();
});

test("another user's page, a longer id or a sub-path still redirects", () => {
  const user = mustUse2fa();
  expect(twoFactorRedirect(user, "/users/1-1")).toBe("/users/1-7?tab=account-security");
  expect(twoFactorRedirect(user, "/users/1-70")).toBe("/users/1-7?tab=account-security");
  expect(twoFactorRedirect(user, "/users/1-7/other")).toBe("/users/1-7?tab=account-security");
  expect(twoFactorRedirect(user, "/users")).toBe("/users/1-7?tab=account-security");
});

test("tom, the demo user with required two-factor and no method, is sent to /users/1-4", () => {
  const demo = DEMO_USERS.find((u) => u.login === "tom");
  if (!demo) throw new Error("No demo user tom");
  const tom = makeUser({ id: demo.id, requiredTwoFactor: demo.requiredTwoFactorAuthentication ?? false });
  expect(twoFactorRedirect(tom, "/dashboard")).toBe("/users/1-4?tab=account-security");
  expect(twoFactorRedirect(tom, "/users/1-4")).toBeNull();
});
