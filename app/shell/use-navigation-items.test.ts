import { expect, test } from "vitest";
import type { CurrentUser } from "#contract/api.ts";
import { demoConfiguration } from "#prisma/factories.ts";
import { testI18n } from "#tests/helpers/i18n.tsx";
import type { LabelId } from "./navigation-model.ts";
import { navigationFor } from "./use-navigation-items.ts";

function user(): CurrentUser {
  return {
    id: "1-1",
    login: "admin",
    name: "Admin",
    guest: false,
    email: null,
    avatarUrl: null,
    avatarType: "default",
    requiredTwoFactorAuthentication: false,
    twoFactorAuthentication: { enabled: false },
    webauthnDevice: { enabled: false },
    userType: { id: "STANDARD_USER" },
    featureFlags: [],
    widgets: [],
    profiles: {
      appearance: { uiTheme: "default", expandNavigation: true, showTooltips: true },
      general: { locale: { language: "en", locale: "en_US" } },
      helpdesk: { helpdeskFolder: null, isReporter: false },
      timetracking: { isTimeTrackingAvailable: false },
      tips: { showPricingAdminPopup: false, pricingAdminPopupShown: false, showTips: false },
    },
  };
}

test("one page's navigation is built once for everything that shows it, and again when an input changes", () => {
  const i18n = testI18n("de");
  let labelled = 0;
  const label = (id: LabelId) => {
    labelled += 1;
    return i18n.t(`nav.${id}`, { ns: "shell" });
  };
  const input = {
    user: user(),
    permissions: [],
    config: demoConfiguration(),
    inboxFolders: [],
    pathname: "/issues",
    language: "de",
  };
  const first = navigationFor(input, i18n, label);
  const built = labelled;
  expect(built).toBeGreaterThan(0);
  expect(first.items[0]?.name).toBe(i18n.t("nav.issues", { ns: "shell" }));
  // The bar, the menu page and the palette of the same render: the same model, no labels looked up again.
  expect(navigationFor({ ...input }, i18n, label)).toBe(first);
  expect(labelled).toBe(built);

  // Another page, other data, or labels in another language: built anew.
  const elsewhere = navigationFor({ ...input, pathname: "/articles" }, i18n, label);
  expect(elsewhere).not.toBe(first);
  expect(elsewhere.items.find((item) => item.id === "issues")?.active).toBe(false);
  expect(navigationFor({ ...input, permissions: [] }, i18n, label)).not.toBe(first);
  void i18n.changeLanguage("en");
  const english = navigationFor(input, i18n, label);
  expect(english).not.toBe(first);
  expect(english.items[0]?.name).toBe("Issues");
  // Another request's user object shares nothing with this one.
  expect(navigationFor({ ...input, user: user() }, i18n, label)).not.toBe(english);
});
