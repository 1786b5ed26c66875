-- CreateTable
CREATE TABLE "AnalyticsTotals" (
    "id" INTEGER NOT NULL,
    "events" INTEGER NOT NULL,
    "bytes" BIGINT NOT NULL,

    CONSTRAINT "AnalyticsTotals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateBucket" (
    "key" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "at" BIGINT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "RateBucket_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "RateBucket_at_idx" ON "RateBucket"("at");

