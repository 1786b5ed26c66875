import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/appearance";
import { ContrastSchema, UiThemeSchema } from "#contract/api.ts";
import {
  browserPreferencesCookie,
  keepsPreferencesInBrowser,
  readBrowserPreferences,
} from "#app/lib/browser-preferences.server.ts";
import { answerFormPost, backOf } from "#app/lib/form-answer.server.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";
import { track } from "#app/analytics/client.ts";

const FormBoolean = z.enum(["true", "false"]).transform((v) => v === "true");
const AppearanceFormSchema = z
  .object({
    uiTheme: UiThemeSchema.optional(),
    expandNavigation: FormBoolean.optional(),
    showTooltips: FormBoolean.optional(),
    contrast: ContrastSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change" });

export async function loader() {
  return redirect("/");
}

/** Saves appearance choices: a plain form post is redirected back, a script's request gets the result. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = AppearanceFormSchema.safeParse({
    uiTheme: field("uiTheme"),
    expandNavigation: field("expandNavigation"),
    showTooltips: field("showTooltips"),
    contrast: field("contrast"),
  });
  if (!parsed.success) {
    const t = getI18n(context).getFixedT(null, "pages");
    const field = parsed.error.issues[0]?.path[0];
    const message =
      typeof field === "string"
        ? t("settings.appearanceInvalid", { field })
        : t("settings.appearanceNothingToChange");
    throw data({ message }, { status: 400 });
  }
  const api = getApi(context);
  const user = await api.getCurrentUser();
  const back = backOf(form, "redirectTo");
  const { contrast, ...appearanceUpdate } = parsed.data;
  const saved = readBrowserPreferences(request.headers.get("cookie"));
  if (user.guest) {
    // Guests share one profile: their choices stay in their own browser.
    const preferences = { ...saved, ...parsed.data };
    const headers = { "Set-Cookie": browserPreferencesCookie(preferences, isHttps(request)) };
    return answerFormPost(request, { appearance: preferences }, back, headers);
  }
  const inProfile = Object.values(appearanceUpdate).some((v) => v !== undefined);
  const appearance = inProfile ? await api.updateAppearance(appearanceUpdate) : user.profiles.appearance;
  if (contrast === undefined) return answerFormPost(request, { appearance }, back);
  if (keepsPreferencesInBrowser(user)) {
    const headers = { "Set-Cookie": browserPreferencesCookie({ ...saved, contrast }, isHttps(request)) };
    return answerFormPost(request, { appearance, keel: { contrast } }, back, headers);
  }
  const keel = await api.updateKeelProfile({ contrast });
  return answerFormPost(request, { appearance, keel }, back);
}

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/** The theme is also stored in this browser, once the server has saved it. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const uiTheme = UiThemeSchema.safeParse((await request.clone().formData()).get("uiTheme"));
  const from = UiThemeSchema.safeParse(document.documentElement.dataset.theme);
  const result = await serverAction();
  if (uiTheme.success) {
    // The storage catalogue loads where it is used (docs/decisions/0027-no-zod-in-the-first-scripts.md).
    (await import("#app/lib/local-storage.ts")).writeStored("theme", uiTheme.data);
    track("appearance", "theme-change", { from: from.success ? from.data : "system", to: uiTheme.data });
  }
  return result;
}
