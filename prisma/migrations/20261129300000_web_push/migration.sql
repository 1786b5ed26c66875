-- CreateTable
CREATE TABLE "PushSubscription" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PushSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VapidKeyPair" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "publicKey" TEXT NOT NULL,
    "privateKey" TEXT NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "login" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "avatarUrl" TEXT,
    "guest" BOOLEAN NOT NULL DEFAULT false,
    "userType" TEXT NOT NULL DEFAULT 'STANDARD_USER',
    "passwordHash" TEXT,
    "requiredTwoFactorAuthentication" BOOLEAN NOT NULL DEFAULT false,
    "twoFactorEnabled" BOOLEAN NOT NULL DEFAULT false,
    "totpSecret" TEXT,
    "totpLastStep" INTEGER,
    "webauthnEnabled" BOOLEAN NOT NULL DEFAULT false,
    "uiTheme" TEXT NOT NULL DEFAULT 'system',
    "expandNavigation" BOOLEAN NOT NULL DEFAULT true,
    "showTooltips" BOOLEAN NOT NULL DEFAULT true,
    "contrast" TEXT NOT NULL DEFAULT 'system',
    "navigationShape" TEXT NOT NULL DEFAULT '',
    "notificationKinds" TEXT NOT NULL DEFAULT '',
    "locale" TEXT NOT NULL DEFAULT 'en_US',
    "language" TEXT NOT NULL DEFAULT 'en',
    "helpdeskFolderId" TEXT,
    "timeTrackingAvailable" BOOLEAN NOT NULL DEFAULT false,
    "showPricingAdminPopup" BOOLEAN NOT NULL DEFAULT false,
    "pricingAdminPopupShown" BOOLEAN NOT NULL DEFAULT false,
    "showTips" BOOLEAN NOT NULL DEFAULT true,
    "analyticsId" TEXT,
    "dateFormat" TEXT NOT NULL DEFAULT 'dd_MMM_yyyy',
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_User" ("analyticsId", "avatarUrl", "contrast", "createdAt", "dateFormat", "email", "expandNavigation", "guest", "helpdeskFolderId", "id", "language", "locale", "login", "name", "navigationShape", "passwordHash", "pricingAdminPopupShown", "requiredTwoFactorAuthentication", "showPricingAdminPopup", "showTips", "showTooltips", "timeTrackingAvailable", "timezone", "totpLastStep", "totpSecret", "twoFactorEnabled", "uiTheme", "userType", "webauthnEnabled") SELECT "analyticsId", "avatarUrl", "contrast", "createdAt", "dateFormat", "email", "expandNavigation", "guest", "helpdeskFolderId", "id", "language", "locale", "login", "name", "navigationShape", "passwordHash", "pricingAdminPopupShown", "requiredTwoFactorAuthentication", "showPricingAdminPopup", "showTips", "showTooltips", "timeTrackingAvailable", "timezone", "totpLastStep", "totpSecret", "twoFactorEnabled", "uiTheme", "userType", "webauthnEnabled" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_login_key" ON "User"("login");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "PushSubscription_endpoint_key" ON "PushSubscription"("endpoint");

-- CreateIndex
CREATE INDEX "PushSubscription_userId_idx" ON "PushSubscription"("userId");

