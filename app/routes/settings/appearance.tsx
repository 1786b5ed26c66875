import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/appearance";
import { UiThemeSchema } from "../../../mock-backend/contract.ts";
import { guestAppearanceCookie, readGuestAppearance } from "../../lib/guest-appearance.server.ts";
import { safeRedirectTarget } from "../../lib/redirect-target.ts";
import { getApi } from "../../middleware/api.server.ts";
import { getI18n } from "../../middleware/i18next.server.ts";
import { writeStored } from "../../lib/local-storage.ts";
import { track } from "../../analytics/client.ts";

const FormBoolean = z.enum(["true", "false"]).transform((v) => v === "true");
const AppearanceFormSchema = z
  .object({
    uiTheme: UiThemeSchema.optional(),
    expandNavigation: FormBoolean.optional(),
    showTooltips: FormBoolean.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change" });

export async function loader() {
  return redirect("/");
}

/**
 * Saves appearance choices (theme, expanded navigation) to the profile. A plain
 * form post is redirected back to its page; a script's request gets the result.
 */
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
  const fromScript = new URL(request.url).pathname.endsWith(".data");
  const back = safeRedirectTarget(field("redirectTo"));
  if (user.guest) {
    // Guests share one profile: their choices stay in their own browser.
    const saved = { ...readGuestAppearance(request.headers.get("cookie")), ...parsed.data };
    const headers = {
      "Set-Cookie": guestAppearanceCookie(saved, new URL(request.url).protocol === "https:"),
    };
    if (fromScript) return data({ appearance: saved }, { headers });
    throw redirect(back, { headers });
  }
  const appearance = await api.updateAppearance(parsed.data);
  if (fromScript) return { appearance };
  throw redirect(back);
}

/** The theme is also stored in this browser (seed 000 section 4), once the server has saved it. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const uiTheme = UiThemeSchema.safeParse((await request.clone().formData()).get("uiTheme"));
  const from = UiThemeSchema.safeParse(document.documentElement.dataset.theme);
  const result = await serverAction();
  if (uiTheme.success) {
    writeStored("theme", uiTheme.data);
    track("appearance", "theme-change", { from: from.success ? from.data : "system", to: uiTheme.data });
  }
  return result;
}
