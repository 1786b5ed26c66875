// The what's-new list for one user: the server's "available now" data or the
// feature file bundled for the user's locale (docs/notifications.md, What's new).
import type { CurrentUser, PermissionEntry, ShellConfig, WhatsNewVersion } from "#contract/api.ts";
import { ApiError, ContractError, type Api } from "#app/lib/api.server.ts";
import { warnOnce, type RequestLogger } from "#app/lib/keel-context.ts";
import {
  featureFileLocale,
  featureFileName,
  sortVersionsNewestFirst,
  whatsNewSource,
  type WhatsNewSource,
} from "#contract/whats-new.ts";
import { FeatureFileSchema } from "#contract/feature-file.ts";

// One lazily loaded chunk per file: a page pulls in only its user's locale.
const FEATURE_FILES = import.meta.glob<unknown>("./features/*.json", { import: "default" });

/** The bundled versions for a locale, newest first; the cloud variant for hosted installs. */
export async function readFeatureFile(locale: string | null | undefined, cloud: boolean) {
  const name = featureFileName(featureFileLocale(locale), cloud);
  const load = FEATURE_FILES[`./features/${name}`];
  if (!load) throw new Error(`The feature file ${name} is not bundled`);
  return sortVersionsNewestFirst(FeatureFileSchema.parse(await load()).versions);
}

export interface WhatsNewList {
  source: WhatsNewSource;
  /** Newest first. */
  versions: WhatsNewVersion[];
}

export interface WhatsNewInput {
  permissions: readonly PermissionEntry[];
  user: Pick<CurrentUser, "profiles">;
  config: Pick<ShellConfig, "hosted" | "l10n">;
}

/**
 * The feature list for this user and locale. When the server's list cannot be
 * had, the bundled file stands in: what's new never breaks a page.
 */
export async function loadWhatsNew(
  api: Pick<Api, "getWhatsNewAvailableNow">,
  { permissions, user, config }: WhatsNewInput,
  log?: RequestLogger,
): Promise<WhatsNewList> {
  const locale = user.profiles.general.locale.locale || config.l10n.locale;
  if (whatsNewSource(permissions) === "server") {
    try {
      const { versions } = await api.getWhatsNewAvailableNow();
      return { source: "server", versions: sortVersionsNewestFirst(versions) };
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof ContractError)) throw error;
      warnOnce(log, error, "what's new: the server's list failed, using the bundled file");
    }
  }
  return { source: "bundled", versions: await readFeatureFile(locale, config.hosted.hosted) };
}
