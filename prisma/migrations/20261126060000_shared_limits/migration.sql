-- CreateTable
CREATE TABLE "AnalyticsTotals" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "events" INTEGER NOT NULL,
    "bytes" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "RateBucket" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "tokens" REAL NOT NULL,
    "at" BIGINT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0
);

-- CreateIndex
CREATE INDEX "RateBucket_at_idx" ON "RateBucket"("at");

