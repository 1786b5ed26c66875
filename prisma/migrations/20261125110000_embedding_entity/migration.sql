-- An embedding in a Markdown text belongs to that text (issue or article), whose editors configure it; the
-- same id in another text is another embedding. Embeddings in texts were keyed by their id alone and owned by
-- whoever stored a config first, and which text each belongs to is not recorded: they are dropped (their
-- widgets start unconfigured). Dashboard tiles keep their configs, with the entity "".
DELETE FROM "WidgetEmbedding" WHERE EXISTS (
    SELECT 1 FROM "Widget"
    WHERE "Widget"."appId" = "WidgetEmbedding"."appId"
      AND "Widget"."key" = "WidgetEmbedding"."widgetKey"
      AND "Widget"."extensionPoint" = 'MARKDOWN'
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_WidgetEmbedding" (
    "id" TEXT NOT NULL,
    "entity" TEXT NOT NULL DEFAULT '',
    "appId" TEXT NOT NULL,
    "widgetKey" TEXT NOT NULL,
    "ownerId" TEXT,
    "config" TEXT,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("entity", "id"),
    CONSTRAINT "WidgetEmbedding_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_WidgetEmbedding" ("appId", "config", "id", "ownerId", "updatedAt", "widgetKey") SELECT "appId", "config", "id", "ownerId", "updatedAt", "widgetKey" FROM "WidgetEmbedding";
DROP TABLE "WidgetEmbedding";
ALTER TABLE "new_WidgetEmbedding" RENAME TO "WidgetEmbedding";
CREATE INDEX "WidgetEmbedding_ownerId_idx" ON "WidgetEmbedding"("ownerId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

