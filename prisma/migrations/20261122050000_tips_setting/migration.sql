-- Tips for new users at startup (profiles.tips.showTips). Accounts that exist already know their way
-- around and keep tips off; accounts created from now on start with them on.
ALTER TABLE "User" ADD COLUMN "showTips" BOOLEAN NOT NULL DEFAULT true;
UPDATE "User" SET "showTips" = false;
