CREATE TABLE "account_change" (
	"change_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"account_name" text NOT NULL,
	"field" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"remark" text,
	"changed_by" text,
	"changed_by_name" text,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "password_valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "phone_login_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "project_name" text;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "project_organization_name" text;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "project_department_name" text;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "wechat_id" text;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "qq_id" text;--> statement-breakpoint
CREATE INDEX "account_change_account_idx" ON "account_change" USING btree ("account_id","changed_at");