// The help menu's external links (docs/shell.md, Menus), kept apart so that moving Keel's
// website changes one file. The addresses are Keel's own site; the playlist ids are placeholders
// until the demo videos exist.

export const PRODUCT_WEBSITE = "https://keel.dev/";
export const SERVICE_STATUS_URL = "https://status.keel.dev/";
export const VIDEO_PLAYLIST_URL = "https://www.youtube.com/playlist?list=";

/** Pages of the product website, relative to PRODUCT_WEBSITE and its locale path. */
export const WEBSITE_PAGE = {
  feedback: "feedback/",
  faq: "faq/",
  documentation: "docs/",
  maintenanceCalendar: "maintenance-calendar/",
  support: "support/",
} as const;

// Maps, not object literals: a language such as "constructor" must not find Object.prototype.
const WEBSITE_LOCALE_PATHS: ReadonlyMap<string, string> = new Map([
  ["de", "de-de"],
  ["es", "es-es"],
  ["fr", "fr-fr"],
  ["ja", "ja-jp"],
  ["ko", "ko-kr"],
  ["ru", "ru-ru"],
  ["zh", "zh-cn"],
  ["pt", "pt-br"],
]);

export const DEFAULT_VIDEO_PLAYLIST = "KEEL-DEMOS";
const VIDEO_PLAYLISTS: ReadonlyMap<string, string> = new Map([
  ["fr", "KEEL-DEMOS-FR"],
  ["zh", "KEEL-DEMOS-ZH"],
  ["ja", "KEEL-DEMOS-JA"],
  ["es", "KEEL-DEMOS-ES"],
  ["de", "KEEL-DEMOS-DE"],
  ["pt", "KEEL-DEMOS-PT"],
  ["ru", "KEEL-DEMOS-RU"],
]);

/** "pt_BR", "pt-BR" and "PT" all mean "pt". */
export function baseLanguage(language: string): string {
  return (language.split(/[-_]/)[0] ?? "").toLowerCase();
}

/** The website's path segment for a language, e.g. "de-de"; null where the website has none. */
export function websiteLocalePath(language: string): string | null {
  return WEBSITE_LOCALE_PATHS.get(baseLanguage(language)) ?? null;
}

export function websiteUrl(page: string, language: string): string {
  const locale = websiteLocalePath(language);
  return `${PRODUCT_WEBSITE}${locale === null ? "" : `${locale}/`}${page}`;
}

export function videoPlaylistId(language: string): string {
  return VIDEO_PLAYLISTS.get(baseLanguage(language)) ?? DEFAULT_VIDEO_PLAYLIST;
}

export interface HelpLinks {
  feedback: string;
  faq: string;
  documentation: string;
  videoDemos: string;
  serviceStatus: string;
  maintenanceCalendar: string;
  support: string;
}

export function helpLinks(language: string): HelpLinks {
  return {
    feedback: websiteUrl(WEBSITE_PAGE.feedback, language),
    faq: websiteUrl(WEBSITE_PAGE.faq, language),
    documentation: websiteUrl(WEBSITE_PAGE.documentation, language),
    videoDemos: `${VIDEO_PLAYLIST_URL}${videoPlaylistId(language)}`,
    serviceStatus: SERVICE_STATUS_URL,
    maintenanceCalendar: websiteUrl(WEBSITE_PAGE.maintenanceCalendar, language),
    support: websiteUrl(WEBSITE_PAGE.support, language),
  };
}

/** The About view links to the terms where Keel is hosted, to its licence where it runs standalone. */
export const TERMS_URL = `${PRODUCT_WEBSITE}legal/terms/`;
export const LICENCE_URL = `${PRODUCT_WEBSITE}legal/licence/`;
