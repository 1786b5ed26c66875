// The server's "available now" what's-new list (docs/notifications.md):
// the features of every version whose month has begun, in the caller's locale.
import { readFile } from "node:fs/promises";
import { Router } from "express";
import { PERMISSION } from "#contract/constants.ts";
import {
  featureFileLocale,
  featureFileName,
  sortVersionsNewestFirst,
  versionMonthStart,
  type FeatureFileLocale,
} from "#contract/whats-new.ts";
import { FeatureFileSchema } from "#contract/feature-file.ts";
import { ReadQuerySchema, type WhatsNewVersion } from "#contract/api.ts";
import { requireUser } from "../auth.ts";
import type { Db } from "../db.ts";
import { readCache } from "../read-cache.ts";
import { endpoint, forbidden, sendFields } from "../http.ts";
import { loadConfiguration, projectsWith } from "../model.ts";

/** The mock serves the texts the app bundles; a real server has its own copy. */
const FEATURES_DIR = new URL("../../app/shell/whats-new/features/", import.meta.url);
const READERS = [PERMISSION.PRIVATE_READ_ISSUE, PERMISSION.LOW_LEVEL_READ, PERMISSION.PROJECT_CREATE];

const files = new Map<string, Promise<WhatsNewVersion[]>>();
function featureFile(locale: FeatureFileLocale, cloud: boolean): Promise<WhatsNewVersion[]> {
  const name = featureFileName(locale, cloud);
  let pending = files.get(name);
  if (!pending) {
    pending = readFile(new URL(name, FEATURES_DIR), "utf8").then(
      (text) => FeatureFileSchema.parse(JSON.parse(text)).versions,
    );
    pending.catch(() => files.delete(name));
    files.set(name, pending);
  }
  return pending;
}

export function whatsNewRouter(db: Db, now: () => number = Date.now): Router {
  const router = Router();

  router.get(
    "/whatsNew/availableNow",
    endpoint({ auth: requireUser, query: ReadQuerySchema }, async ({ req, res, user }) => {
      let allowed = false;
      for (const key of READERS) {
        const projects = await projectsWith(db, user.id, key);
        if (projects === "all" || projects.length > 0) allowed = true;
      }
      if (!allowed) throw forbidden("The what's-new list is read from the bundled files for you");
      const [profile, configuration] = await Promise.all([
        readCache(db).read(`locale:${user.id}`, () =>
          db.user.findUniqueOrThrow({ where: { id: user.id }, select: { locale: true } }),
        ),
        loadConfiguration(db),
      ]);
      const versions = await featureFile(featureFileLocale(profile.locale), configuration.hosted.hosted);
      const available = versions.filter((v) => versionMonthStart(v.id) <= now());
      sendFields(
        req,
        res,
        { versions: sortVersionsNewestFirst(available) },
        "versions(id,features(title,description))",
      );
    }),
  );

  return router;
}
