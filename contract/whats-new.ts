// The what's-new rules (docs/notifications.md), pure so the mock backend shares them.
import {
  FEATURE_FILE_LOCALES,
  PERMISSION,
  WHATS_NEW_VERSION_ID,
  WHATS_NEW_VERSION_ID_MESSAGE,
} from "./constants.ts";
import { hasPermission } from "./permissions.ts";
import type { InboxFolder, PermissionEntry, WhatsNewVersion } from "./api.ts";

export type FeatureFileLocale = (typeof FEATURE_FILE_LOCALES)[number];
export type WhatsNewSource = "server" | "bundled";

export const WHATS_NEW_FOLDER_ID = "whatsnew";
export const DEFAULT_FEATURE_FILE_LOCALE: FeatureFileLocale = "en_US";

const SERVER_SOURCE_PERMISSIONS = [
  PERMISSION.PRIVATE_READ_ISSUE,
  PERMISSION.LOW_LEVEL_READ,
  PERMISSION.PROJECT_CREATE,
] as const;

/** The server's list for users with private-read-issue, low-level read or project-create; else the bundled files. */
export function whatsNewSource(permissions: readonly PermissionEntry[]): WhatsNewSource {
  return SERVER_SOURCE_PERMISSIONS.some((key) => hasPermission(permissions, key)) ? "server" : "bundled";
}

/** The bundled file that fits a locale or language (de_DE, de-AT, de), English when none does. */
export function featureFileLocale(locale: string | null | undefined): FeatureFileLocale {
  const wanted = (locale ?? "").trim().replace("-", "_").toLowerCase();
  const exact = FEATURE_FILE_LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split("_")[0];
  return (
    FEATURE_FILE_LOCALES.find((l) => l.slice(0, 2).toLowerCase() === language) ?? DEFAULT_FEATURE_FILE_LOCALE
  );
}

export function featureFileName(locale: FeatureFileLocale, cloud: boolean): string {
  return `${locale}${cloud ? ".cloud" : ""}.json`;
}

/**
 * UTC midnight of the first day of the version's month, in epoch ms: 2025.3 is 1 March 2025. Checked with
 * the schema's pattern, not the schema: the inbox's first scripts use this and carry no zod.
 */
export function versionMonthStart(id: string): number {
  if (!WHATS_NEW_VERSION_ID.test(id))
    throw new RangeError(`${WHATS_NEW_VERSION_ID_MESSAGE}: ${JSON.stringify(id)}`);
  const [year, month] = id.split(".").map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, 1);
}

/** Newest first; 2025.10 is newer than 2025.9. */
export function sortVersionsNewestFirst<V extends Pick<WhatsNewVersion, "id">>(versions: readonly V[]): V[] {
  return [...versions].sort((a, b) => versionMonthStart(b.id) - versionMonthStart(a.id));
}

export function newestVersion<V extends Pick<WhatsNewVersion, "id">>(versions: readonly V[]): V | undefined {
  return sortVersionsNewestFirst(versions)[0];
}

/** Raises the whatsnew folder's lastNotified to the newest version's month; never lowers it. */
export function raiseWhatsNewFolder<F extends InboxFolder>(
  folders: readonly F[],
  versions: readonly Pick<WhatsNewVersion, "id">[],
): F[] {
  const newest = newestVersion(versions);
  if (!newest) return [...folders];
  const released = versionMonthStart(newest.id);
  return folders.map((folder) =>
    folder.id === WHATS_NEW_FOLDER_ID && (folder.lastNotified || -1) < released
      ? { ...folder, lastNotified: released }
      : folder,
  );
}
