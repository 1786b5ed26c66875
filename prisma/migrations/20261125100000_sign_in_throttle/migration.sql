-- CreateTable
CREATE TABLE "SignInThrottle" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" BIGINT NOT NULL DEFAULT 0,
    "blockedUntil" BIGINT NOT NULL DEFAULT 0,
    "expiresAt" BIGINT NOT NULL
);

-- CreateIndex
CREATE INDEX "SignInThrottle_expiresAt_idx" ON "SignInThrottle"("expiresAt");

-- CreateIndex
CREATE INDEX "SignInThrottle_kind_failures_expiresAt_idx" ON "SignInThrottle"("kind", "failures", "expiresAt");

