import { data, redirect, redirectDocument } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/agreement";
import { clearCachedConfig } from "#app/lib/config-cache.ts";
import { answerFormPost, backOf } from "#app/lib/form-answer.server.ts";
import { getKeelContext } from "#app/lib/keel-context.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";
import {
  guestConsentCookie,
  hubAgreementService,
  remindLaterCookie,
} from "#app/shell/user-agreement.server.ts";
import { DECLINED_AGREEMENT_MESSAGE_CODE } from "#app/shell/shell-rules.ts";

const Version = z.coerce.number().int().nonnegative().max(999_999);
const AnswerSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), majorVersion: Version, minorVersion: Version }),
  z.object({ intent: z.literal("decline") }),
  z.object({ intent: z.literal("later") }),
]);

export async function loader() {
  return redirect("/");
}

/** Answers to the user agreement: accept (consent recorded), decline (logged out) or, for guests, later. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getI18n(context).getFixedT(null, "pages");
  const form = await request.formData();
  const parsed = AnswerSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data({ message: t("settings.agreementAnswerInvalid") }, { status: 400 });
  const api = getApi(context);
  const secure = new URL(request.url).protocol === "https:";
  const backWithoutReview = backOf(form)
    .replace(/([?&])agreement=review(&|$)/, "$1")
    .replace(/[?&]$/, "");
  const user = await api.getCurrentUser();
  const answer = parsed.data;

  // A guest only postpones: declining is "remind me later" for the browser session.
  if (answer.intent === "later" || (answer.intent === "decline" && user.guest)) {
    return answerFormPost(request, { ok: true }, backWithoutReview, {
      "Set-Cookie": remindLaterCookie(secure),
    });
  }
  if (answer.intent === "decline") {
    const next = `/login?message=${DECLINED_AGREEMENT_MESSAGE_CODE}`;
    const auth = getKeelContext(context).auth;
    throw redirectDocument(auth ? await auth.signOut(next) : next);
  }

  const service = hubAgreementService(api);
  const { agreement } = await service.read();
  // An answer to an older text does not count: the dialog shows the new one.
  if (answer.majorVersion !== agreement.majorVersion || answer.minorVersion !== agreement.minorVersion) {
    throw data({ message: t("settings.agreementChanged") }, { status: 409 });
  }
  const consent = {
    accepted: true,
    majorVersion: agreement.majorVersion,
    minorVersion: agreement.minorVersion,
  };
  const headers: HeadersInit = {};
  if (user.guest) headers["Set-Cookie"] = guestConsentCookie(consent, secure);
  else await service.consent(consent);
  return answerFormPost(request, { ok: true }, backWithoutReview, headers);
}

/** Declining ends the session: the cached configuration goes with it, as on logout. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  if (intent === "decline") await clearCachedConfig();
  return serverAction();
}
