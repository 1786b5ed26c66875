-- CreateTable
CREATE TABLE "InboxEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" TEXT NOT NULL,
    "threadId" TEXT,
    "createdAt" BIGINT NOT NULL
);

-- CreateIndex
CREATE INDEX "InboxEvent_userId_id_idx" ON "InboxEvent"("userId", "id");

-- CreateIndex
CREATE INDEX "InboxEvent_createdAt_idx" ON "InboxEvent"("createdAt");

