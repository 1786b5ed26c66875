// Pure rules of the shell (docs/shell.md): the pricing-update popup, the user agreement and the
// two-factor redirect.
import type { Consent, CurrentUser, UserAgreement } from "#contract/api.ts";
import {
  PRICING_POPUP_MIN_SINCE_FIRST_SEEN_MS,
  PRICING_POPUP_MIN_SINCE_LAST_PROMO_MS,
} from "../lib/constants.ts";

function isReporter(user: CurrentUser): boolean {
  return user.userType.id === "REPORTER" || user.profiles.helpdesk.isReporter;
}

/** The pricing change the popup announces. */
export const PRICING_CHANGE_DATE = "2025-10-01";

export interface PricingPopupInput {
  user: CurrentUser;
  /** Epoch milliseconds. */
  now: number;
  /** When the user was first seen, epoch ms; null means not seen yet. */
  firstSeenAt: number | null;
  /** When a promo was last shown, epoch ms; null means never. */
  lastPromoAt: number | null;
  tabVisible: boolean;
}

/** The profile's side of the popup's rule: who may ever see it, before the waits and the tab are asked. */
export function mayShowPricingPopup(user: CurrentUser): boolean {
  if (user.guest || isReporter(user)) return false;
  const { showPricingAdminPopup, pricingAdminPopupShown } = user.profiles.tips;
  return showPricingAdminPopup && !pricingAdminPopupShown;
}

/** Both waits are "at least": exactly 10 minutes since first seen and exactly 3 hours since the last promo pass. */
export function shouldShowPricingPopup({
  user,
  now,
  firstSeenAt,
  lastPromoAt,
  tabVisible,
}: PricingPopupInput): boolean {
  if (!mayShowPricingPopup(user)) return false;
  if (firstSeenAt === null || now - firstSeenAt < PRICING_POPUP_MIN_SINCE_FIRST_SEEN_MS) return false;
  if (!tabVisible) return false;
  // A promo time in the future (clock skew) counts as recent.
  return lastPromoAt === null || now - lastPromoAt >= PRICING_POPUP_MIN_SINCE_LAST_PROMO_MS;
}

/** Message code of the logout redirect after the user declines the agreement. */
export const DECLINED_AGREEMENT_MESSAGE_CODE = "userAgreementDeclined";

/** Minor version bumps do not ask again; only a different major version does. */
export function isConsentValid(agreement: UserAgreement, consent: Consent | null | undefined): boolean {
  return (
    !agreement.enabled || (consent?.accepted === true && consent.majorVersion === agreement.majorVersion)
  );
}

export type AgreementPrompt = "none" | "dialog" | "notice";

export interface AgreementPromptInput {
  agreement: UserAgreement;
  /** The signed-in user's consent from the hub; ignored for guests. */
  consent: Consent | null;
  guest: boolean;
  /** A guest's consent kept in this browser; ignored for signed-in users. */
  guestLocalConsent: Consent | null;
}

export function agreementPrompt({
  agreement,
  consent,
  guest,
  guestLocalConsent,
}: AgreementPromptInput): AgreementPrompt {
  if (guest) {
    if (isConsentValid(agreement, guestLocalConsent)) return "none";
    // Guests are only blocked when the agreement also guards the REST API.
    return agreement.requiredForREST ? "dialog" : "notice";
  }
  return isConsentValid(agreement, consent) ? "none" : "dialog";
}

export interface ScrollPosition {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
  /** Sub-pixel rounding and zoom can leave the end a pixel or two short. */
  tolerancePx?: number;
}

/** Accept is allowed once the agreement is scrolled to its end, or at once when it all fits. */
export function canAccept({
  scrollTop,
  clientHeight,
  scrollHeight,
  tolerancePx = 2,
}: ScrollPosition): boolean {
  return scrollTop + clientHeight >= scrollHeight - tolerancePx;
}

/** The local-storage key whose `storage` events keep the dialog shown or hidden in every tab. */
export const AGREEMENT_TAB_MESSAGE_KEY = "userAgreementKey";

export const AGREEMENT_TAB_COMMANDS = ["userAgreementShow", "userAgreementHide"] as const;

/** What one tab tells the others; read back with `parseAgreementTabMessage` (agreement-tab-message.ts). */
export interface AgreementTabMessage {
  command: (typeof AGREEMENT_TAB_COMMANDS)[number];
  tabId: string;
}

export function serializeAgreementTabMessage(message: AgreementTabMessage): string {
  return JSON.stringify(message);
}

/**
 * Where a user who must use two-factor authentication but has no method enabled is sent: the account
 * security tab of their own page. Any tab of that page counts as already there (the query is not looked
 * at), so a user who has just switched tabs there is not bounced back; a trailing slash is ignored.
 */
export function twoFactorRedirect(user: CurrentUser, pathname: string): string | null {
  if (user.guest || !user.requiredTwoFactorAuthentication) return null;
  if (user.twoFactorAuthentication.enabled || user.webauthnDevice.enabled) return null;
  const userPage = `/users/${encodeURIComponent(user.id)}`;
  const path = pathname.replace(/[?#].*$/, "");
  if (path === userPage || path === `${userPage}/`) return null;
  return `${userPage}?tab=account-security`;
}
