// The help panel's views: keyboard shortcuts, tips and About (help-panel.tsx places the panel). Loaded when a
// page shows the panel, and by the narrow screens' menu pages.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import { CsrfInput } from "../components/csrf-input.tsx";
import type { loader as rootLoader } from "../root.tsx";
import { layoutForLanguage } from "./shortcut-matcher.ts";
import type { Configuration } from "#contract/api.ts";
import { appLogger } from "../lib/app-logger.ts";
import { downloadLog } from "../lib/client-logger.ts";
import { COPYRIGHT_START_YEAR, PRODUCT_NAME } from "../lib/constants.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { LICENCE_URL, PRODUCT_WEBSITE, TERMS_URL } from "./help-links.ts";
import { HELP_PANEL_PARAM } from "./help-panel.tsx";
import type { HelpActionKey } from "./navigation-model.ts";
import {
  displayedVariant,
  formatKeyStroke,
  searchShortcuts,
  shortcutCatalogue,
  type ShortcutOs,
} from "./shortcuts.ts";

/** How many shortcuts the panel lists before "All shortcuts". */
const FIRST_SHORTCUTS = 5;

const TIPS = ["quickSearch", "collapse", "mention", "theme"] as const;

/** The key names formatKeyStroke gives that keyboards label in their own language (Strg, Maj, …). */
const KEY_LABELS = {
  Ctrl: "ctrl",
  Alt: "alt",
  Shift: "shift",
  Win: "win",
  Insert: "insert",
  Esc: "esc",
  Enter: "enter",
} as const;

function isLabelledKey(key: string): key is keyof typeof KEY_LABELS {
  return Object.hasOwn(KEY_LABELS, key);
}

export interface HelpPanelBodyProps {
  view: HelpActionKey;
  /** The page without the panel. */
  closeTo: string;
  config: Pick<Configuration, "version" | "build" | "releaseDate" | "hosted">;
  os: ShortcutOs;
  /** The shortcuts' search, and whether all of them show. */
  query: string;
  all: boolean;
}

/** The open panel: its heading takes the focus, Escape closes it. */
export function HelpPanelBody({ view, closeTo, config, os, query, all }: HelpPanelBodyProps) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useTranslation("shell");

  useEffect(() => {
    heading.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") void navigate(closeTo, { replace: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [view, closeTo, navigate]);

  const title =
    view === "shortcuts"
      ? t("help.shortcutsTitle")
      : view === "tips"
        ? t("help.tipsTitle")
        : t("help.aboutTitle", { product: PRODUCT_NAME });
  return (
    <section className="help-panel" role="dialog" aria-modal="false" aria-labelledby="help-panel-title">
      <header className="help-panel-header">
        <h2 id="help-panel-title" ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <Link to={closeTo} replace className="button button-quiet" aria-label={t("help.close")}>
          ×
        </Link>
      </header>
      {view === "shortcuts" ? <ShortcutsView os={os} query={query} all={all} /> : null}
      {view === "tips" ? (
        <>
          <ul className="tips">
            {TIPS.map((tip) => (
              <li key={tip}>{t(`help.tips.${tip}`, { product: PRODUCT_NAME })}</li>
            ))}
          </ul>
          <TipsSetting />
        </>
      ) : null}
      {view === "about" ? <AboutView config={config} /> : null}
    </section>
  );
}

export function ShortcutsView({
  os,
  query,
  all,
  searchable = true,
}: {
  os: ShortcutOs;
  query: string;
  all: boolean;
  searchable?: boolean;
}) {
  const location = useLocation();
  const { t } = useTranslation("shell");
  // The set for the user's keyboard: Cyrillic layouts get the slavic strokes.
  const language =
    useRouteLoaderData<typeof rootLoader>("root")?.user.profiles.general.locale.language ?? "en";
  // Named, and so searched, in the interface language.
  const catalogue = shortcutCatalogue({ layout: layoutForLanguage(language), classic: false }).map(
    (shortcut) => ({ ...shortcut, name: t(`shortcuts.${shortcut.id}`) }),
  );
  const keyLabel = (key: string) => (isLabelledKey(key) ? t(`keys.${KEY_LABELS[key]}`) : key);
  if (catalogue.length === 0) return null;
  const found = searchShortcuts(catalogue, query);
  const shown = all || query ? found : found.slice(0, FIRST_SHORTCUTS);
  return (
    <>
      {searchable ? (
        <Form method="get" action={location.pathname} role="search" className="help-search">
          <input type="hidden" name={HELP_PANEL_PARAM} value="shortcuts" />
          <label htmlFor="shortcut-search">{t("help.searchLabel")}</label>
          <input id="shortcut-search" name="q" type="search" defaultValue={query} />
          <button type="submit" className="button">
            {t("help.search")}
          </button>
        </Form>
      ) : null}
      {shown.length === 0 ? (
        <p>{t("help.noMatch", { query })}</p>
      ) : (
        <dl className="shortcut-list">
          {shown.map((shortcut) => {
            const variant = displayedVariant(shortcut, os);
            return (
              <div key={shortcut.id} className="shortcut-row">
                <dt>{shortcut.name}</dt>
                <dd>
                  {variant ? formatKeyStroke(variant, os).map((k) => <kbd key={k}>{keyLabel(k)}</kbd>) : null}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {!all && !query && found.length > shown.length ? (
        <p>
          <Link to={`${location.pathname}?${HELP_PANEL_PARAM}=shortcuts&all=1`}>
            {t("help.allShortcuts")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

export function AboutView({ config }: { config: HelpPanelBodyProps["config"] }) {
  const releaseYear = new Date(config.releaseDate).getUTCFullYear();
  const hosted = config.hosted.hosted;
  const hydrated = useHydrated();
  const { t } = useTranslation("shell");
  return (
    <div className="about">
      <p>
        {t("help.version", {
          product: PRODUCT_NAME,
          version: config.version,
          build: `${config.version}.${config.build}`,
        })}
      </p>
      <p>{t("help.copyright", { from: COPYRIGHT_START_YEAR, to: releaseYear, product: PRODUCT_NAME })}</p>
      <ul>
        <li>
          <a href={PRODUCT_WEBSITE} target="_blank" rel="noopener noreferrer">
            {t("help.website", { product: PRODUCT_NAME })}
          </a>
        </li>
        <li>
          {hosted ? (
            <a href={TERMS_URL} target="_blank" rel="noopener noreferrer">
              {t("help.terms")}
            </a>
          ) : (
            <a href={LICENCE_URL} target="_blank" rel="noopener noreferrer">
              {t("help.licence")}
            </a>
          )}
        </li>
      </ul>
      {hydrated ? (
        <button type="button" className="button" onClick={() => downloadLog(appLogger)}>
          {t("help.downloadLog")}
        </button>
      ) : null}
    </div>
  );
}

/** "Show tips at startup", saved to the profile when toggled; a plain form, at once with scripts. */
function TipsSetting() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const fetcher = useFetcher({ key: "tips-setting" });
  const location = useLocation();
  const { t } = useTranslation("shell");
  if (!root || root.user.guest) return null;
  const pending = fetcher.formData?.get("showTips");
  const on = typeof pending === "string" ? pending === "true" : root.user.profiles.tips.showTips;
  return (
    <fetcher.Form method="post" action="/settings/tips" className="tips-setting">
      <CsrfInput />
      <input type="hidden" name="showTips" value={String(!on)} />
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <span id="tips-setting-label">{t("help.showTips")}</span>
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-labelledby="tips-setting-label"
        className="button"
      >
        {on ? t("help.on") : t("help.off")}
      </button>
    </fetcher.Form>
  );
}
