import { Suspense, useEffect, useState } from "react";
import { startAnalytics, track } from "./analytics/client.ts";
import { thirdPartyAnalyticsScript } from "./analytics/third-party.ts";
import {
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { useNonce } from "./components/nonce.tsx";
import { optionalLazy } from "./lib/optional-lazy.tsx";
import { pageInstead } from "./lib/page-instead.tsx";
import type { QuickSearchProps } from "./shell/quick-search.tsx";
import { browserCheckScript } from "./lib/browser-support.ts";
import { RouteError } from "./components/route-error.tsx";
import { apiMiddleware, getApi } from "./middleware/api.server.ts";
import { csrfMiddleware } from "./middleware/csrf.server.ts";
import { getI18n, getLanguage, i18nMiddleware } from "./middleware/i18next.server.ts";
import { directionOf, toLanguage } from "./i18n/languages.ts";
import { TRANSLATIONS_ID, useLanguageSync, usePageTranslations } from "./i18n/client.ts";
import { useTranslation } from "react-i18next";
import { getKeelContext } from "./lib/keel-context.ts";
import { withBrowserPreferences } from "./lib/browser-preferences.server.ts";
import { loadShellOrRedirect, readShellAhead } from "./lib/shell.server.ts";
import { deferredPart } from "./shell/deferred-parts.tsx";
import { showsNavigation } from "./lib/route-handle.ts";
import { HelpPanel } from "./shell/help-panel.tsx";
import { mayShowPricingPopup, twoFactorRedirect } from "./shell/shell-rules.ts";
import { useShortcuts } from "./shell/use-shortcuts.ts";
import { useErrorReporting, useLinkInterception } from "./shell/use-client-runtime.ts";
import { configDataBlock, PRELOADED_CONFIG_ID } from "./lib/config-cache.ts";
import { InboxProvider, useInbox } from "./shell/inbox-context.tsx";
import { UserAgreement } from "./shell/user-agreement-dialog.tsx";
import { BannerList } from "./shell/banners.tsx";
import {
  NavigationProgress,
  usePendingSubmitButtons,
  useSlowNavigation,
} from "./shell/navigation-progress.tsx";
import { useTipsAtStartup } from "./shell/tips-at-startup.ts";
import { visibleBanners } from "./shell/banners.server.ts";
import { hubAgreementService, loadAgreementState } from "./shell/user-agreement.server.ts";
import { canSeeNotifications } from "./shell/inbox-access.ts";
import { useHydrated, usePartsHydrated } from "./lib/use-hydrated.ts";
import { osFromUserAgent } from "./shell/shortcuts.ts";
import { cachePartitionOf } from "./offline/cache-partition.server.ts";
import { keepPageWhenUnreachable, useRememberShownPage } from "./offline/shown-page.ts";
import stylesHref from "./styles/app.css?url";
import feedbackStylesHref from "./styles/feedback.css?url";
import narrowStylesHref from "./styles/narrow.css?url";
import highContrastStylesHref from "./styles/high-contrast.css?url";

// The language comes before the CSRF check, so that a refused request is answered in it too.
export const middleware: Route.MiddlewareFunction[] = [apiMiddleware, i18nMiddleware, csrfMiddleware];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [keepPageWhenUnreachable];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const keel = getKeelContext(context);
  const api = getApi(context);
  // A page's shell and agreement reads went out in the API middleware; a data request's (after an action,
  // or a revalidation) go out now, beside each other. The API client gives loadShell and
  // loadAgreementState these same reads.
  readShellAhead(api);
  const shell = await loadShellOrRedirect(api, keel.log, url.pathname);
  const os = osFromUserAgent(request.headers.get("user-agent") ?? "");
  // Two-factor authentication is required and not set up: the account security tab first.
  const twoFactor = twoFactorRedirect(shell.user, url.pathname);
  if (twoFactor) throw redirect(twoFactor);
  const user = withBrowserPreferences(shell.user, request.headers.get("cookie"));
  const md = getI18n(context).getFixedT(null, "markdown");
  const agreement = await loadAgreementState(hubAgreementService(api), user, request, md);
  const banners = visibleBanners(shell.banners, request.headers.get("cookie"), md);
  const language = getLanguage(context);
  const configuredRtl = shell.config.l10n.isRTL && toLanguage(shell.config.l10n.language) === language;
  return {
    ...shell,
    banners,
    user,
    os,
    agreement,
    language,
    dir: directionOf(language, configuredRtl),
    analyticsScript: thirdPartyAnalyticsScript({
      url: keel.analyticsScript?.url,
      production: keel.analyticsScript?.production ?? false,
      hosted: shell.config.hosted.hosted,
      statisticsEnabled: shell.config.statisticsEnabled,
    }),
    csrfToken: keel.csrfToken,
    demo: keel.demo,
    // Whose part of the service worker's cache this page belongs to (docs/decisions/0017-service-worker.md).
    cachePartition: user.guest ? null : cachePartitionOf(user.id),
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const shell = useRouteLoaderData<typeof loader>("root");
  const { t, i18n } = useTranslation("errors");
  // Without the shell's data (an error page), the language the server chose still holds.
  const language = shell?.language ?? i18n.language;
  const translations = usePageTranslations(language);
  const dir = shell?.dir ?? directionOf(language);
  const theme = shell?.user.profiles.appearance.uiTheme ?? "system";
  const contrast = shell?.user.profiles.keel?.contrast ?? "system";
  // Marks the page as React's once hydration has committed, the parts that hydrate after it included (the
  // left bar): scripts and tests wait on it.
  const pageHydrated = useHydrated();
  const partsHydrated = usePartsHydrated();
  const hydrated = pageHydrated && partsHydrated;
  return (
    <html
      lang={language}
      dir={dir}
      data-theme={theme}
      data-contrast={contrast}
      data-hydrated={hydrated ? "" : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta
          name="color-scheme"
          content={theme === "darcula" ? "dark" : theme === "default" ? "light" : "light dark"}
        />
        {/* Before anything else runs: an unsupported browser gets the catalogue's message, not a broken page. */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: browserCheckScript({
              message: t("unsupportedBrowser.title"),
              help: t("unsupportedBrowser.help"),
            }),
          }}
        />
        {/* No first paint of a half-parsed bar: the browser waits for the page's main region (or the
            document's end), so the navigation and the banners never grow on screen as they arrive. */}
        <link rel="expect" href="#main" {...{ blocking: "render" }} />
        <link rel="manifest" href={`/manifest.webmanifest?lng=${language}`} />
        {/* The language's file, for the scripts: asked for with them, after the first paint (the server's
            PreloadsAfterPaint moves it). The browser's render has no link to add: the page has it. */}
        {translations.href ? (
          <link rel="preload" href={translations.href} as="fetch" crossOrigin="anonymous" />
        ) : null}
        {/* With a precedence React puts the page's styles first in the head, before the scripts' preloads:
            what the first paint needs is asked for first (docs/benchmarks.md, the first paint). */}
        <link rel="stylesheet" href={stylesHref} precedence="default" />
        <link rel="stylesheet" href={feedbackStylesHref} precedence="default" />
        <link rel="stylesheet" href={narrowStylesHref} precedence="default" />
        <Meta />
        <Links />
        {/* High contrast as chosen, or when the system asks for more; never for "standard". Forced colours: app.css. */}
        {contrast !== "standard" ? (
          <link
            rel="stylesheet"
            href={highContrastStylesHref}
            media={contrast === "more" ? undefined : "(prefers-contrast: more)"}
          />
        ) : null}
      </head>
      <body>
        {children}
        {/* Data for the scripts, after the page's content: the first paint does not wait for it. */}
        {/* This page's language and its file: the browser starts i18next from it (entry.client.tsx). */}
        <script
          nonce={nonce}
          type="application/json"
          id={TRANSLATIONS_ID}
          dangerouslySetInnerHTML={{ __html: translations.block }}
        />
        {shell ? (
          // The preloaded configuration (docs/shell.md): data, not script; the nonce keeps every
          // script element of the page alike.
          <script
            nonce={nonce}
            type="application/json"
            id={PRELOADED_CONFIG_ID}
            dangerouslySetInnerHTML={{ __html: configDataBlock(shell.config) }}
          />
        ) : null}
        {shell?.analyticsScript ? <script nonce={nonce} async src={shell.analyticsScript} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// Opened only from the bell, so its code is not part of the first scripts. If it does not load, the
// notifications page opens instead (the bell's link without JavaScript).
const NotificationsPopup = optionalLazy(
  () => import("./shell/notifications-popup.tsx"),
  "The notifications centre",
  () => pageInstead("/notifications"),
);
// The reconnecting banner and the service worker's registration: not among the first scripts.
const ConnectionStatus = optionalLazy(
  () => import("./offline/connection-status.tsx"),
  "The connection status",
);
// The command palette loads on its first Ctrl/Cmd+K and stays mounted after; if it does not load, the
// search page opens instead (the palette as a page).
const QuickSearch = optionalLazy<QuickSearchProps>(
  () => import("./shell/quick-search.tsx").then((m) => ({ default: m.QuickSearch })),
  "Quick search",
  () => pageInstead<QuickSearchProps>("/search", ({ open }) => open),
);

// The pricing popup, its rule and its date: loaded after hydration, for the users it may be for.
const PricingPopup = optionalLazy(() => import("./shell/pricing-popup.tsx"), "The pricing popup");

// The left bar hydrates on its own, after the page, once its code has arrived (deferred-parts.tsx).
const Navigation = deferredPart("navigation", () =>
  import("./shell/left-navigation.tsx").then((module) => module.LeftNavigation),
);

function NotificationsCentre() {
  const { centreOpen } = useInbox();
  if (!centreOpen) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsPopup />
    </Suspense>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return <Shell loaderData={loaderData} />;
}

function Shell({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { user, permissions, inboxFolders, banners, config } = loaderData;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [searching, setSearching] = useState(false);
  const [searched, setSearched] = useState(false);
  useLanguageSync(loaderData.language);
  useLinkInterception();
  useTipsAtStartup(user);
  const hydrated = useHydrated();
  useErrorReporting(user.featureFlags, loaderData.csrfToken);
  usePendingSubmitButtons();
  const loading = useSlowNavigation();
  useEffect(
    () => startAnalytics(config.statisticsEnabled, !user.guest),
    [config.statisticsEnabled, user.guest],
  );
  useShortcuts(
    {
      "quick-search": () => {
        track("shortcuts", "used", { shortcut: "quick-search" });
        setSearched(true);
        setSearching(true);
      },
      "quick-help": () => {
        track("shortcuts", "used", { shortcut: "quick-help" });
        void navigate(`${pathname}?panel=shortcuts`);
      },
    },
    { language: user.profiles.general.locale.language },
  );
  const showNavigation = showsNavigation(useMatches());
  useRememberShownPage();
  // The inbox's live updates change what the bar shows: they start once it has hydrated (deferred-parts.tsx).
  const partsHydrated = usePartsHydrated();
  return (
    <InboxProvider
      folders={inboxFolders}
      whatsNewVersion={loaderData.whatsNewVersion}
      enabled={canSeeNotifications(user, permissions)}
      live={partsHydrated}
    >
      <NavigationProgress active={loading} />
      <div className="shell">
        {showNavigation ? (
          <Navigation
            language={loaderData.language}
            user={user}
            permissions={permissions}
            config={config}
            inboxFolders={inboxFolders}
            os={loaderData.os}
          />
        ) : null}
        <div className="shell-main">
          <Suspense fallback={null}>
            <ConnectionStatus cachePartition={loaderData.cachePartition} language={loaderData.language} />
          </Suspense>
          <UserAgreement state={loaderData.agreement} />
          <BannerList banners={banners} />
          <main id="main" className="page" aria-busy={loading || undefined}>
            <Outlet />
          </main>
          <HelpPanel config={config} os={loaderData.os} />
          {searched ? (
            <Suspense fallback={null}>
              <QuickSearch open={searching} onClose={() => setSearching(false)} />
            </Suspense>
          ) : null}
        </div>
        <NotificationsCentre />
        {hydrated && mayShowPricingPopup(user) ? (
          <Suspense fallback={null}>
            <PricingPopup user={user} />
          </Suspense>
        ) : null}
      </div>
    </InboxProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="page">
      <RouteError error={error} />
    </main>
  );
}
