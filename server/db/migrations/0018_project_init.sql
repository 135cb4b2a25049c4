CREATE TABLE "project_init_run" (
	"run_id" text PRIMARY KEY NOT NULL,
	"preset" text NOT NULL,
	"account_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"source" text,
	"template_project_id" text,
	"project_id" text,
	"basic" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_name" text,
	"sheets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"report" jsonb,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created_project_id" text,
	"error" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "project_init_run_account_idx" ON "project_init_run" USING btree ("account_id","preset","status");--> statement-breakpoint
SELECT trestle_version_triggers();
