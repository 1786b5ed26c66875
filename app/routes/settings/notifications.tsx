import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/notifications";
import { PushSubscriptionInputSchema } from "#contract/api.ts";
import { DEFAULT_NOTIFICATION_KINDS, NOTIFICATION_KINDS } from "#contract/notification-kinds.ts";
import { answerFormPost } from "#app/lib/form-answer.server.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";
import {
  NOTIFICATION_SETTINGS_PATH,
  NotificationSettings,
} from "#app/notifications/notification-settings.tsx";

const Checkbox = z.literal("on").optional();
const ActionSchema = z.discriminatedUnion("intent", [
  // A plain form: a checked box sends "on", an unchecked one nothing.
  z.object({
    intent: z.literal("kinds"),
    mention: Checkbox,
    reaction: Checkbox,
    subscription: Checkbox,
    whatsnew: Checkbox,
  }),
  z.object({
    intent: z.literal("subscribe"),
    endpoint: PushSubscriptionInputSchema.shape.endpoint,
    p256dh: PushSubscriptionInputSchema.shape.keys.shape.p256dh,
    auth: PushSubscriptionInputSchema.shape.keys.shape.auth,
  }),
  z.object({ intent: z.literal("unsubscribe"), endpoint: PushSubscriptionInputSchema.shape.endpoint }),
]);

/** The kinds chosen and, against a backend with Keel's extension, its push key for this browser. */
export async function loader({ context }: Route.LoaderArgs) {
  const api = getApi(context);
  const user = await api.getCurrentUser();
  if (user.guest) throw redirect(`/login?redirect=${encodeURIComponent(NOTIFICATION_SETTINGS_PATH)}`);
  // The extension's absence is the signal (docs/decisions/0016): no kinds kept, no pushes sent.
  const extended = user.profiles.keel !== undefined;
  const push = extended ? await api.getPushSettings() : null;
  return {
    kinds: user.profiles.keel?.notifications ?? DEFAULT_NOTIFICATION_KINDS,
    extended,
    applicationServerKey: push?.applicationServerKey ?? null,
    subscriptions: push?.subscriptions ?? 0,
    title: getI18n(context).getFixedT(null, "pages")("notificationSettings.title"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = ActionSchema.safeParse(Object.fromEntries(form));
  const t = getI18n(context).getFixedT(null, "pages");
  if (!parsed.success) throw data({ message: t("notificationSettings.invalid") }, { status: 400 });
  const api = getApi(context);
  // Guests share one profile: nobody's choice to make for everyone.
  if ((await api.getCurrentUser()).guest) {
    throw data({ message: t("notificationSettings.invalid") }, { status: 403 });
  }
  const input = parsed.data;
  if (input.intent === "kinds") {
    const notifications = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, input[kind] === "on"]));
    await api.updateKeelProfile({ notifications: notifications as typeof DEFAULT_NOTIFICATION_KINDS });
    return answerFormPost(request, { saved: "kinds" }, NOTIFICATION_SETTINGS_PATH);
  }
  const settings =
    input.intent === "subscribe"
      ? await api.subscribePush({
          endpoint: input.endpoint,
          keys: { p256dh: input.p256dh, auth: input.auth },
        })
      : await api.unsubscribePush(input.endpoint);
  return answerFormPost(request, { saved: input.intent, ...settings }, NOTIFICATION_SETTINGS_PATH);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function NotificationSettingsPage({ loaderData }: Route.ComponentProps) {
  return <NotificationSettings {...loaderData} />;
}
