-- AlterTable
ALTER TABLE "App" ADD COLUMN "settingsSchema" TEXT;

-- CreateTable
CREATE TABLE "AppRequestDecision" (
    "userId" TEXT NOT NULL,
    "appId" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "decision" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "appId", "method"),
    CONSTRAINT "AppRequestDecision_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WidgetEmbedding" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "appId" TEXT NOT NULL,
    "widgetKey" TEXT NOT NULL,
    "ownerId" TEXT,
    "config" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "WidgetEmbedding_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Dashboard" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "layout" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Widget" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "appId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "extensionPoint" TEXT NOT NULL,
    "indexPath" TEXT NOT NULL,
    "iconPath" TEXT,
    "permissions" TEXT NOT NULL DEFAULT '[]',
    "guard" TEXT,
    "settingsSchemaPath" TEXT,
    "expectedDimensions" TEXT,
    "defaultDimensions" TEXT,
    "description" TEXT,
    "showHeader" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "Widget_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Widget" ("appId", "defaultDimensions", "expectedDimensions", "extensionPoint", "guard", "iconPath", "id", "indexPath", "key", "name", "permissions", "settingsSchemaPath") SELECT "appId", "defaultDimensions", "expectedDimensions", "extensionPoint", "guard", "iconPath", "id", "indexPath", "key", "name", "permissions", "settingsSchemaPath" FROM "Widget";
DROP TABLE "Widget";
ALTER TABLE "new_Widget" RENAME TO "Widget";
CREATE UNIQUE INDEX "Widget_appId_key_key" ON "Widget"("appId", "key");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "WidgetEmbedding_ownerId_idx" ON "WidgetEmbedding"("ownerId");

