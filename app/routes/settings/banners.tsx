import { data, redirect } from "react-router";
import type { Route } from "./+types/banners";
import { answerFormPost, backOf } from "#app/lib/form-answer.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";
import { dismissedCookie, isBannerKey, readDismissed } from "#app/shell/banners.server.ts";

export async function loader() {
  return redirect("/");
}

/** Dismisses a banner in this browser: a cookie, so the server leaves it out from then on. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const key = form.get("banner");
  if (!isBannerKey(key)) {
    throw data(
      { message: getI18n(context).getFixedT(null, "pages")("settings.bannerUnknown") },
      { status: 400 },
    );
  }
  const cookie = dismissedCookie(
    [...readDismissed(request.headers.get("cookie")), key],
    new URL(request.url).protocol === "https:",
  );
  return answerFormPost(request, { ok: true }, backOf(form), { "Set-Cookie": cookie });
}
