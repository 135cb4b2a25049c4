-- What an instance is for, set by the area that starts it (issue 29: 'userAudit' for a record under review,
-- whose id is the business key): that area's hook decides the record when the instance ends, and its list
-- finds the record's instance by (type, key).
ALTER TABLE "wf_instance" ADD COLUMN "business_type" text;
--> statement-breakpoint
CREATE INDEX "wf_instance_business_idx" ON "wf_instance" ("business_type", "business_key", "start_time");
