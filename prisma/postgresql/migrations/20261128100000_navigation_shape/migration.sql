-- AlterTable
ALTER TABLE "User" ADD COLUMN     "navigationShape" TEXT NOT NULL DEFAULT '';

