import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/language";
import { LANGUAGE_LOCALES } from "#app/i18n/languages.ts";
import { LOCALE_COOKIE } from "#app/lib/constants.ts";
import { LOCALES } from "#contract/constants.ts";
import { ONE_YEAR_SECONDS, serializeCookie } from "#app/lib/cookies.ts";
import { answerFormPost, backOf } from "#app/lib/form-answer.server.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";

const LanguageFormSchema = z.object({ language: z.enum(LOCALES) });

export async function loader() {
  return redirect("/");
}

/** The interface language: to the profile when signed in, and to a cookie for everyone. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = LanguageFormSchema.safeParse({ language: form.get("language") });
  if (!parsed.success) {
    const t = getI18n(context).getFixedT(null, "pages");
    throw data({ message: t("settings.languageUnavailable") }, { status: 400 });
  }
  const { language } = parsed.data;
  const api = getApi(context);
  const user = await api.getCurrentUser();
  if (!user.guest) {
    const locale = LANGUAGE_LOCALES[language].replace("-", "_");
    await api.updateGeneralProfile({ locale: { language, locale } });
  }
  const secure = new URL(request.url).protocol === "https:";
  const headers = {
    "Set-Cookie": serializeCookie(LOCALE_COOKIE, language, { maxAgeSeconds: ONE_YEAR_SECONDS, secure }),
  };
  return answerFormPost(request, { language }, backOf(form), headers);
}
