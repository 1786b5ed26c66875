// The user agreement on the server (docs/shell.md, The user agreement): read the agreement and the
// caller's consent, decide between no prompt, the blocking dialog and a guest's notice, and record answers.
import type { Consent, CurrentUser, UserAgreement } from "#contract/api.ts";
import type { Api } from "../lib/api.server.ts";
import { assertAgreementConfig } from "../lib/app-errors.ts";
import { AGREEMENT_LATER_COOKIE, GUEST_AGREEMENT_COOKIE } from "../lib/constants.ts";
import { ONE_YEAR_SECONDS, serializeCookie } from "../lib/cookies.ts";
import { readCookie } from "#contract/cookies.ts";
import { renderRestricted } from "../markdown/render.server.ts";
import type { MarkdownT } from "../markdown/translate.ts";
import { agreementPrompt, type AgreementPrompt } from "./shell-rules.ts";

export interface AgreementService {
  read(): Promise<{ agreement: UserAgreement; consent: Consent | null }>;
  consent(consent: Consent): Promise<Consent>;
}

/** The service over the identity API; a configuration without both functions is refused. */
export function createAgreementService(config: Partial<AgreementService>): AgreementService {
  assertAgreementConfig(config);
  return config as AgreementService;
}

export function hubAgreementService(api: Pick<Api, "getUserAgreement" | "getHubMe" | "saveConsent">) {
  return createAgreementService({
    read: async () => {
      const [agreement, me] = await Promise.all([api.getUserAgreement(), api.getHubMe()]);
      return { agreement, consent: me.guest ? null : me.endUserAgreementConsent };
    },
    consent: (consent) => api.saveConsent(consent),
  });
}

/** What a page shows about the agreement; null when nothing. */
export interface AgreementState {
  prompt: Exclude<AgreementPrompt, "none">;
  /** The agreement as sanitised HTML (restricted Markdown). */
  html: string;
  majorVersion: number;
  minorVersion: number;
}

/** A guest's consent from their cookie: "major.minor". */
export function readGuestConsent(cookieHeader: string | null): Consent | null {
  const match = /^(\d{1,6})\.(\d{1,6})$/.exec(readCookie(cookieHeader, GUEST_AGREEMENT_COOKIE) ?? "");
  return match ? { accepted: true, majorVersion: Number(match[1]), minorVersion: Number(match[2]) } : null;
}

export function guestConsentCookie(consent: Consent, secure: boolean): string {
  return serializeCookie(GUEST_AGREEMENT_COOKIE, `${consent.majorVersion}.${consent.minorVersion}`, {
    maxAgeSeconds: ONE_YEAR_SECONDS,
    secure,
  });
}

export function remindLaterCookie(secure: boolean): string {
  return serializeCookie(AGREEMENT_LATER_COOKIE, "1", { secure });
}

export async function loadAgreementState(
  service: AgreementService,
  user: Pick<CurrentUser, "guest">,
  request: Request,
  t?: MarkdownT,
): Promise<AgreementState | null> {
  const cookies = request.headers.get("cookie");
  const { agreement, consent } = await service.read();
  let prompt = agreementPrompt({
    agreement,
    consent,
    guest: user.guest,
    guestLocalConsent: user.guest ? readGuestConsent(cookies) : null,
  });
  if (prompt === "notice") {
    // "Review now" opens the dialog; "Remind me later" hides the notice for the browser session.
    if (new URL(request.url).searchParams.get("agreement") === "review") prompt = "dialog";
    else if (readCookie(cookies, AGREEMENT_LATER_COOKIE) === "1") prompt = "none";
  }
  if (prompt === "none") return null;
  return {
    prompt,
    html: prompt === "dialog" ? renderRestricted(agreement.text, t).html : "",
    majorVersion: agreement.majorVersion,
    minorVersion: agreement.minorVersion,
  };
}
