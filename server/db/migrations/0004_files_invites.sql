CREATE TABLE "app_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_job" (
	"job_id" text PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"file_id" text NOT NULL,
	"account_id" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"report_file_id" text,
	"error" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_common_file" (
	"file_id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_path" text NOT NULL,
	"organization_id" text,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite" (
	"invite_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"target_id" text NOT NULL,
	"organization_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"create_by" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "import_job_account_idx" ON "import_job" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "user_common_file_org_idx" ON "user_common_file" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_token_uq" ON "invite" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invite_target_idx" ON "invite" USING btree ("purpose","target_id");