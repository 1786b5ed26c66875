import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/tips";
import { answerFormPost, backOf } from "#app/lib/form-answer.server.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";

const FormBoolean = z.enum(["true", "false"]).transform((v) => v === "true");
const TipsFormSchema = z
  .object({ showTips: FormBoolean.optional(), pricingAdminPopupShown: FormBoolean.optional() })
  .refine((v) => v.showTips !== undefined || v.pricingAdminPopupShown !== undefined, {
    message: "Nothing to change",
  });

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : undefined);
  const parsed = TipsFormSchema.safeParse({
    showTips: field("showTips"),
    pricingAdminPopupShown: field("pricingAdminPopupShown"),
  });
  if (!parsed.success) {
    const t = getI18n(context).getFixedT(null, "pages");
    throw data({ message: t("settings.tipsInvalid") }, { status: 400 });
  }
  const tips = await getApi(context).updateTips(parsed.data);
  return answerFormPost(request, { tips }, backOf(form));
}
