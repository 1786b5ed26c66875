-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Project" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shortName" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "projectType" TEXT NOT NULL DEFAULT 'DEFAULT',
    "template" TEXT NOT NULL DEFAULT 'default',
    "timeTrackingEnabled" BOOLEAN NOT NULL DEFAULT false,
    "description" TEXT NOT NULL DEFAULT '',
    "leaderId" TEXT,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "Project_leaderId_fkey" FOREIGN KEY ("leaderId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Project" ("id", "name", "projectType", "shortName", "template", "timeTrackingEnabled") SELECT "id", "name", "projectType", "shortName", "template", "timeTrackingEnabled" FROM "Project";
DROP TABLE "Project";
ALTER TABLE "new_Project" RENAME TO "Project";
CREATE UNIQUE INDEX "Project_shortName_key" ON "Project"("shortName");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

