import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dates";
import { DATE_FORMAT_IDS } from "#contract/constants.ts";
import { TimeZoneIdSchema } from "#contract/api.ts";
import { answerFormPost, backOf } from "#app/lib/form-answer.server.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";

const DatesFormSchema = z.object({ timezone: TimeZoneIdSchema, dateFormat: z.enum(DATE_FORMAT_IDS) });

export async function loader() {
  return redirect("/users/me?tab=settings");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = DatesFormSchema.safeParse({
    timezone: form.get("timezone"),
    dateFormat: form.get("dateFormat"),
  });
  if (!parsed.success) {
    const t = getI18n(context).getFixedT(null, "widgets");
    throw data({ message: t("user.datesInvalid") }, { status: 400 });
  }
  const { timezone, dateFormat } = parsed.data;
  await getApi(context).updateGeneralProfile({
    timezone: { id: timezone },
    dateFieldFormat: { id: dateFormat },
  });
  return answerFormPost(request, { saved: true }, backOf(form));
}
