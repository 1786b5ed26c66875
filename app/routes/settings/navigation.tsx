import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/navigation";
import { NAVIGATION_ITEM_ID_MAX_LENGTH } from "#contract/constants.ts";
import {
  browserPreferencesCookie,
  keepsPreferencesInBrowser,
  readBrowserPreferences,
} from "#app/lib/browser-preferences.server.ts";
import { answerFormPost } from "#app/lib/form-answer.server.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n, getLanguage } from "#app/middleware/i18next.server.ts";
import { loadMainMenu } from "#app/shell/navigation.server.ts";
import {
  changeNavigationShape,
  DEFAULT_NAVIGATION_SHAPE,
  isDefaultShape,
  shapedEntries,
  type NavigationChange,
} from "#app/shell/navigation-shape.ts";
import { NavigationSettings, NAVIGATION_SETTINGS_PATH } from "#app/shell/navigation-settings.tsx";

const ItemId = z.string().min(1).max(NAVIGATION_ITEM_ID_MAX_LENGTH);
const ChangeFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["pin", "unpin", "hide", "show", "up", "down"]), id: ItemId }),
  // The empty choice is the default page.
  z.object({ intent: z.literal("landing"), landing: z.union([z.literal(""), ItemId]) }),
  z.object({ intent: z.literal("reset") }),
]);

const menuOf = async ({ context, request }: Route.LoaderArgs | Route.ActionArgs) => {
  const label = getI18n(context).getFixedT(null, "shell");
  return loadMainMenu(getApi(context), request, getLanguage(context), (id) => label(`nav.${id}`));
};

export async function loader(args: Route.LoaderArgs) {
  const { user, navigation } = await menuOf(args);
  const shape = user.profiles.keel?.navigation ?? DEFAULT_NAVIGATION_SHAPE;
  const entries = shapedEntries(navigation.allItems, shape).map(({ item, pinned, hidden }) => ({
    id: item.id,
    name: item.name,
    pinned,
    hidden,
  }));
  return {
    entries,
    landing: shape.landing !== null && entries.some((e) => e.id === shape.landing) ? shape.landing : "",
    landingChoices: navigation.allItems
      .filter((item) => item.url.startsWith("/"))
      .map((item) => ({ id: item.id, name: item.name })),
    shaped: !isDefaultShape(shape),
    title: getI18n(args.context).getFixedT(null, "pages")("navigationSettings.title"),
  };
}

/** One change of the menu's shape: to the profile extension, else this browser's cookie (docs/decisions/0016). */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const form = await request.formData();
  const parsed = ChangeFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const t = getI18n(context).getFixedT(null, "pages");
    throw data({ message: t("navigationSettings.invalid") }, { status: 400 });
  }
  const change: NavigationChange =
    parsed.data.intent === "landing"
      ? { type: "landing", id: parsed.data.landing || null }
      : parsed.data.intent === "reset"
        ? { type: "reset" }
        : { type: parsed.data.intent, id: parsed.data.id };
  const { user, navigation: menu } = await menuOf(args);
  const navigation = changeNavigationShape(
    menu.allItems,
    user.profiles.keel?.navigation ?? DEFAULT_NAVIGATION_SHAPE,
    change,
  );
  const current = await getApi(context).getCurrentUser();
  const answer = { navigation, change: parsed.data.intent };
  if (keepsPreferencesInBrowser(current)) {
    const saved = readBrowserPreferences(request.headers.get("cookie"));
    const secure = new URL(request.url).protocol === "https:";
    const headers = { "Set-Cookie": browserPreferencesCookie({ ...saved, navigation }, secure) };
    return answerFormPost(request, answer, NAVIGATION_SETTINGS_PATH, headers);
  }
  await getApi(context).updateKeelProfile({ navigation });
  return answerFormPost(request, answer, NAVIGATION_SETTINGS_PATH);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function NavigationSettingsPage({ loaderData }: Route.ComponentProps) {
  return <NavigationSettings {...loaderData} />;
}
