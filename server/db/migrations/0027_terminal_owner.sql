-- A device belongs to the account that first applied for it until an administrator releases it (issue 28):
-- account_id is that account (null: released, the next applicant takes it). Backfilled from the record's
-- creator, else the account of its stored name.
ALTER TABLE "terminal" ADD COLUMN "account_id" text;
--> statement-breakpoint
UPDATE "terminal" t SET "account_id" = COALESCE(t."create_by", (SELECT a."account_id" FROM "account" a WHERE a."account_name" = t."account_name" LIMIT 1));
