import type { i18n as I18n } from "i18next";
import { useTranslation } from "react-i18next";
import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { buildNavigation, type LabelId, type Navigation, type NavigationInput } from "./navigation-model.ts";

/** The navigation's labels in the interface language. */
export function useNavigationLabel(): (id: LabelId) => string {
  return useLabelling().label;
}

function useLabelling(): { label: (id: LabelId) => string; i18n: I18n } {
  const { t, i18n } = useTranslation("shell");
  return { label: (id) => t(`nav.${id}`), i18n };
}

type ModelInput = Omit<NavigationInput, "label">;
interface Built {
  input: ModelInput;
  /** The language the labels are in: the one i18next shows, which trails the page's while it loads. */
  labels: string;
  navigation: Navigation;
}

// The bar, the menu page, the palette and the progress bar all ask for the same model while a page
// renders. It is a pure function of its input, so one build serves them until an input changes. Keyed by
// the user object: the root loader makes one per request (on the server) and per revalidation (in the
// browser), so nothing is shared between requests and the cache goes with the loader's data.
const built = new WeakMap<object, Built[]>();
const BUILT_PER_USER = 4;

function sameInput(a: ModelInput, b: ModelInput): boolean {
  return (
    a.user === b.user &&
    a.permissions === b.permissions &&
    a.config === b.config &&
    a.inboxFolders === b.inboxFolders &&
    a.pathname === b.pathname &&
    a.language === b.language
  );
}

/** `buildNavigation` with the labels of `i18n`'s current language, built once per distinct input. */
export function navigationFor(input: ModelInput, i18n: I18n, label: (id: LabelId) => string): Navigation {
  const list = built.get(input.user) ?? [];
  const labels = i18n.language;
  const found = list.find((entry) => entry.labels === labels && sameInput(entry.input, input));
  if (found) return found.navigation;
  const navigation = buildNavigation({ ...input, label });
  list.unshift({ input, labels, navigation });
  list.length = Math.min(list.length, BUILT_PER_USER);
  built.set(input.user, list);
  return navigation;
}

/** The navigation model for `input`, labelled in the interface language. */
export function useNavigationModel(input: ModelInput): Navigation {
  const { label, i18n } = useLabelling();
  return navigationFor(input, i18n, label);
}

/** The navigation of the signed-in user on this page; null while `needed` is false. */
export function useNavigation(needed = true): Navigation | null {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  const { label, i18n } = useLabelling();
  if (!root || !needed) return null;
  return navigationFor(
    {
      user: root.user,
      permissions: root.permissions,
      config: root.config,
      inboxFolders: root.inboxFolders,
      pathname,
      language: root.language,
    },
    i18n,
    label,
  );
}
