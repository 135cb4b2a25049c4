-- 用户审核 shows what was submitted (issue 10 #5): when, what kind (a registration or a profile
-- completed through an invitation), and for a profile what the record was before, to show the changes.
ALTER TABLE "person" ADD COLUMN "submit_time" timestamptz;--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "submit_kind" text;--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "submitted_before" jsonb;--> statement-breakpoint
UPDATE "person" SET "submit_time" = "create_time", "submit_kind" = 'registration'
  WHERE "audit_status" = 'pending' OR "audit_time" IS NOT NULL;
