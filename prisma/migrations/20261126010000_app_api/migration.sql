-- What real apps read from the product's API: custom fields and their values, issue activities (votes,
-- comments, field changes), each user's date format and time zone, and how projects use the workflow rules
-- of installed apps.
-- CreateTable
CREATE TABLE "CustomField" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "valueType" TEXT NOT NULL,
    "bundle" TEXT
);

-- CreateTable
CREATE TABLE "ProjectCustomField" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "fieldId" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "canBeEmpty" BOOLEAN NOT NULL DEFAULT true,
    "emptyFieldText" TEXT NOT NULL DEFAULT 'No value',
    CONSTRAINT "ProjectCustomField_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProjectCustomField_fieldId_fkey" FOREIGN KEY ("fieldId") REFERENCES "CustomField" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IssueFieldValue" (
    "issueId" TEXT NOT NULL,
    "projectFieldId" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    PRIMARY KEY ("issueId", "projectFieldId"),
    CONSTRAINT "IssueFieldValue_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "IssueFieldValue_projectFieldId_fkey" FOREIGN KEY ("projectFieldId") REFERENCES "ProjectCustomField" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IssueActivity" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "issueId" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "timestamp" BIGINT NOT NULL,
    "fieldId" TEXT,
    "added" TEXT NOT NULL DEFAULT '[]',
    "removed" TEXT NOT NULL DEFAULT '[]',
    CONSTRAINT "IssueActivity_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PluggableObjectUsage" (
    "projectId" TEXT NOT NULL,
    "appId" TEXT NOT NULL,
    "ruleName" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "priority" INTEGER NOT NULL,

    PRIMARY KEY ("projectId", "appId", "ruleName"),
    CONSTRAINT "PluggableObjectUsage_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PluggableObjectUsage_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
    "webauthnEnabled" BOOLEAN NOT NULL DEFAULT false,
    "uiTheme" TEXT NOT NULL DEFAULT 'system',
    "expandNavigation" BOOLEAN NOT NULL DEFAULT true,
    "showTooltips" BOOLEAN NOT NULL DEFAULT true,
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
INSERT INTO "new_User" ("analyticsId", "avatarUrl", "createdAt", "email", "expandNavigation", "guest", "helpdeskFolderId", "id", "language", "locale", "login", "name", "passwordHash", "pricingAdminPopupShown", "requiredTwoFactorAuthentication", "showPricingAdminPopup", "showTips", "showTooltips", "timeTrackingAvailable", "twoFactorEnabled", "uiTheme", "userType", "webauthnEnabled") SELECT "analyticsId", "avatarUrl", "createdAt", "email", "expandNavigation", "guest", "helpdeskFolderId", "id", "language", "locale", "login", "name", "passwordHash", "pricingAdminPopupShown", "requiredTwoFactorAuthentication", "showPricingAdminPopup", "showTips", "showTooltips", "timeTrackingAvailable", "twoFactorEnabled", "uiTheme", "userType", "webauthnEnabled" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_login_key" ON "User"("login");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "CustomField_name_key" ON "CustomField"("name");

-- CreateIndex
CREATE UNIQUE INDEX "ProjectCustomField_projectId_fieldId_key" ON "ProjectCustomField"("projectId", "fieldId");

-- CreateIndex
CREATE INDEX "IssueActivity_issueId_category_timestamp_idx" ON "IssueActivity"("issueId", "category", "timestamp");


-- System administrators (global low-level administration) hold every permission, including those the
-- backend now knows.
INSERT INTO "PermissionGrant" ("userId", "permissionKey", "projectId")
SELECT admins."userId", keys.key, NULL
FROM (SELECT DISTINCT "userId" FROM "PermissionGrant"
      WHERE "permissionKey" = 'jetbrains.jetpass.low-level' AND "projectId" IS NULL) AS admins
CROSS JOIN (
  SELECT 'UPDATE_ISSUE' AS key UNION ALL SELECT 'DELETE_ISSUE' UNION ALL SELECT 'LINK_ISSUE'
  UNION ALL SELECT 'PRIVATE_UPDATE_ISSUE' UNION ALL SELECT 'READ_COMMENT' UNION ALL SELECT 'CREATE_COMMENT'
  UNION ALL SELECT 'UPDATE_COMMENT' UNION ALL SELECT 'DELETE_COMMENT' UNION ALL SELECT 'UPDATE_NOT_OWN_COMMENT'
  UNION ALL SELECT 'DELETE_NOT_OWN_COMMENT' UNION ALL SELECT 'UPDATE_ARTICLE' UNION ALL SELECT 'DELETE_ARTICLE'
  UNION ALL SELECT 'READ_USER' UNION ALL SELECT 'UPDATE_USER' UNION ALL SELECT 'CREATE_USER'
  UNION ALL SELECT 'DELETE_USER'
) AS keys
WHERE NOT EXISTS (
  SELECT 1 FROM "PermissionGrant" AS g
  WHERE g."userId" = admins."userId" AND g."permissionKey" = keys.key AND g."projectId" IS NULL
);
