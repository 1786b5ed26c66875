// What `npm run screenshots` shoots: a few pages of the demo in a few looks, one PNG per pair, named
// `<page>-<variant>.png`. The README shows some of them (README_SHOTS).
import { SEED_EPOCH } from "#prisma/factories.ts";

export interface ShotPage {
  id: string;
  path: string;
  /** Shot as the demo's administrator; otherwise as a guest, before signing in. */
  signedIn: boolean;
}

export interface ShotVariant {
  id: string;
  width: number;
  height: number;
  colorScheme: "light" | "dark";
  /** The interface language, saved to the profile as the profile menu does; the browser asks for it too. */
  language: "en" | "he";
  /** A phone: touch, a mobile viewport. */
  phone: boolean;
}

export const PAGES: readonly ShotPage[] = [
  { id: "sign-in", path: "/login", signedIn: false },
  { id: "issues", path: "/issues", signedIn: true },
  { id: "issue", path: "/issue/DEMO-2", signedIn: true },
  { id: "dashboard", path: "/dashboard", signedIn: true },
  { id: "notifications", path: "/notifications", signedIn: true },
  { id: "article", path: "/articles/DEMO-A-2", signedIn: true },
];

export const VARIANTS: readonly ShotVariant[] = [
  { id: "light", width: 1280, height: 800, colorScheme: "light", language: "en", phone: false },
  { id: "dark", width: 1280, height: 800, colorScheme: "dark", language: "en", phone: false },
  { id: "hebrew", width: 1280, height: 800, colorScheme: "light", language: "he", phone: false },
  { id: "phone", width: 390, height: 844, colorScheme: "light", language: "en", phone: true },
];

/** The shots the README's Screenshots section shows, by page and variant. */
export const README_SHOTS: readonly (readonly [page: string, variant: string])[] = [
  ["article", "light"],
  ["issue", "dark"],
  ["issues", "hebrew"],
  ["notifications", "phone"],
];

/** A feature the README shows on its own: one page in one look, with what the feature needs opened. */
export interface FeatureShot {
  id: string;
  path: string;
  /** The VARIANTS look (size, colour scheme, language) it is shot in. */
  variant: string;
  /** The system asks for more contrast (`prefers-contrast: more`). */
  contrast?: "more";
  /** The command palette is opened (Ctrl+K) and this typed into it. */
  palette?: string;
  /** Changes of the navigation's shape posted (as /settings/navigation's forms do) before the shot, undone after. */
  navigation?: readonly { intent: "pin" | "hide"; id: string }[];
  /** Shot offline: the page comes from the service worker's cache, under the reconnecting banner. */
  offline?: boolean;
}

export const FEATURE_SHOTS: readonly FeatureShot[] = [
  { id: "command-palette", path: "/issues", variant: "light", palette: "dark" },
  { id: "dates", path: "/users/me?tab=settings", variant: "light" },
  { id: "high-contrast", path: "/issue/DEMO-2", variant: "dark", contrast: "more" },
  {
    id: "navigation-shaping",
    path: "/settings/navigation",
    variant: "light",
    navigation: [
      { intent: "pin", id: "articles" },
      { intent: "hide", id: "reports" },
    ],
  },
  { id: "offline", path: "/issues", variant: "light", offline: true },
  { id: "notification-settings", path: "/settings/notifications", variant: "light" },
];

export const featureFile = (shot: Pick<FeatureShot, "id">): string => `feature-${shot.id}.png`;

/** The account the signed-in pages are shot as, and its demo password. */
export const SHOT_USER = { login: "admin", password: "demo" } as const;

/**
 * The browser's clock during the shots: a little after the demo data's newest entries, so times shown
 * relative to now read the same in every run.
 */
export const SHOT_TIME = new Date(SEED_EPOCH + 2 * 60 * 60 * 1000);

export const shotFile = (page: Pick<ShotPage, "id">, variant: Pick<ShotVariant, "id">): string =>
  `${page.id}-${variant.id}.png`;
