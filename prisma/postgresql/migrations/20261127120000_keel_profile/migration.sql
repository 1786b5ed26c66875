-- AlterTable
ALTER TABLE "User" ADD COLUMN     "contrast" TEXT NOT NULL DEFAULT 'system';

