import { readdir } from "node:fs/promises";
import { newVapidKeyPair } from "#mock-backend/push/web-push.ts";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PrismaClient } from "./generated/client.ts";
import {
  DEMO_AGREEMENT,
  DEMO_USERS,
  FEATURE_FLAGS,
  GUEST,
  PROJECTS,
  PROJECT_LEADERS,
  CUSTOM_FIELDS,
  DEMO_GROUPS,
  demoArticles,
  demoConfiguration,
  demoInbox,
  demoIssueActivities,
  demoIssueFieldValues,
  demoIssues,
  demoProjectFields,
  demoPasswordHash,
  demoToken,
  type DemoUser,
  SEED_EPOCH,
} from "./factories.ts";
import { sha256 } from "#mock-backend/auth.ts";
import { ConfigurationSchema } from "#contract/api.ts";
import { writeApp } from "#mock-backend/apps/install.ts";
import { DEMO_REDIRECT_ORIGINS, registerDemoClient } from "#mock-backend/identity/demo-client.ts";
import { readAppFolder, type AppPackage } from "#mock-backend/apps/package.ts";

export type SeedResult = "seeded" | "already seeded";

// App bundles make the seed slower than Prisma's 5 s default for a transaction.
const SEED_TRANSACTION = { maxWait: 10_000, timeout: 60_000 };

export const SAMPLE_APPS_DIR = fileURLToPath(new URL("../mock-backend/sample-apps/", import.meta.url));

/** Every package folder in `dir`, read and checked, in name order; none when there is no such folder. */
export async function readSampleApps(dir: string = SAMPLE_APPS_DIR): Promise<AppPackage[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const folders = entries
    .filter((e) => e.isDirectory() && !e.name.startsWith("."))
    .map((e) => e.name)
    .sort();
  const packages: AppPackage[] = [];
  for (const folder of folders) {
    try {
      packages.push(await readAppFolder(path.join(dir, folder)));
    } catch (error) {
      throw new Error(`The sample app ${folder} cannot be installed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return packages;
}

/**
 * Fills an empty database with the demo data and the sample apps in one
 * transaction, so a failed seed leaves nothing behind and a second run
 * changes nothing.
 */
export async function seedDatabase(
  db: PrismaClient,
  sampleAppsDir: string = SAMPLE_APPS_DIR,
  epoch: number = SEED_EPOCH,
): Promise<SeedResult> {
  if ((await db.user.count()) > 0) return "already seeded";
  const apps = await readSampleApps(sampleAppsDir);
  await db.$transaction(async (tx) => {
    await tx.configuration.create({
      data: { id: 1, document: JSON.stringify(ConfigurationSchema.parse(demoConfiguration())) },
    });
    await tx.userAgreement.create({ data: { id: 1, ...DEMO_AGREEMENT } });
    await tx.featureFlag.createMany({ data: FEATURE_FLAGS });
    await tx.project.createMany({ data: PROJECTS.map((p) => ({ ...p })) });

    await tx.user.create({ data: { id: GUEST.id, login: GUEST.login, name: GUEST.name, guest: true } });
    await tx.permissionGrant.createMany({
      data: GUEST.grants.map((g) => ({ userId: GUEST.id, permissionKey: g.key, projectId: g.project })),
    });

    for (const user of DEMO_USERS) await insertDemoUser(tx, user, undefined, epoch);
    for (const [projectId, login] of Object.entries(PROJECT_LEADERS)) {
      const leader = DEMO_USERS.find((u) => u.login === login);
      await tx.project.update({ where: { id: projectId }, data: { leaderId: leader?.id ?? null } });
    }

    for (const { members, ...group } of DEMO_GROUPS) {
      await tx.userGroup.create({
        data: {
          ...group,
          members: { create: members.map((login) => ({ user: { connect: { login } } })) },
        },
      });
    }

    await tx.issue.createMany({ data: demoIssues(epoch) });
    await tx.article.createMany({ data: demoArticles(epoch) });
    await tx.customField.createMany({
      data: CUSTOM_FIELDS.map((f) => ({ ...f, bundle: f.bundle === null ? null : JSON.stringify(f.bundle) })),
    });
    await tx.projectCustomField.createMany({ data: demoProjectFields() });
    await tx.issueFieldValue.createMany({ data: demoIssueFieldValues() });
    await tx.issueActivity.createMany({ data: demoIssueActivities(epoch) });
    for (const app of apps) await writeApp(tx, app);
    // Made here so that no request, a GET least of all, has to write it.
    await tx.vapidKeyPair.create({ data: newVapidKeyPair() });
  }, SEED_TRANSACTION);
  await registerDemoClient(db, DEMO_REDIRECT_ORIGINS);
  return "seeded";
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * Writes one demo user: the account, feature flags, permission grants, permanent token (demoToken),
 * agreement consent and inbox. `passwordHash` defaults to the demo password's with the login as salt.
 */
export async function insertDemoUser(
  tx: Tx,
  user: DemoUser,
  passwordHash?: string,
  epoch: number = SEED_EPOCH,
): Promise<void> {
  await tx.user.create({
    data: {
      id: user.id,
      login: user.login,
      name: user.name,
      email: user.email,
      userType: user.userType,
      passwordHash: passwordHash ?? demoPasswordHash(user.login),
      requiredTwoFactorAuthentication: user.requiredTwoFactorAuthentication ?? false,
      timeTrackingAvailable: user.timeTrackingAvailable ?? false,
      helpdeskFolderId: user.helpdeskFolderId ?? null,
      showPricingAdminPopup: user.showPricingAdminPopup ?? false,
      // The demo's users know their way around; accounts created later start with tips on.
      showTips: false,
      analyticsId: user.analyticsId ?? null,
      ...user.locale,
    },
  });
  await tx.userFeatureFlag.createMany({
    data: Object.entries(user.flags).map(([flagId, enabled]) => ({
      userId: user.id,
      flagId,
      enabled: enabled ?? false,
    })),
  });
  await tx.permissionGrant.createMany({
    data: user.grants.map((g) => ({ userId: user.id, permissionKey: g.key, projectId: g.project })),
  });
  await tx.permanentToken.create({
    data: {
      id: `tok-${user.login}`,
      userId: user.id,
      name: "Keel demo",
      tokenHash: sha256(demoToken(user.login)),
    },
  });
  if (user.consent) {
    await tx.agreementConsent.create({
      data: {
        userId: user.id,
        accepted: true,
        majorVersion: DEMO_AGREEMENT.majorVersion,
        minorVersion: DEMO_AGREEMENT.minorVersion,
      },
    });
  }
  if (user.userType !== "REPORTER") {
    const inbox = demoInbox(user.login, user.unreadInbox ?? false, user.madeLike, epoch);
    await tx.inboxFolder.createMany({ data: inbox.folders.map((f) => ({ ...f, userId: user.id })) });
    for (const { thread, message } of inbox.threads) {
      await tx.inboxThread.create({ data: { ...thread, userId: user.id } });
      await tx.inboxMessage.create({ data: message });
    }
  }
}
