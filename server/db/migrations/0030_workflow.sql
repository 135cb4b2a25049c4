-- Workflow (issue 29; server/modules/workflow): models (drafts) and their deployed versions
-- (immutable but for status / version type), process instances holding the BPMN engine's state,
-- the state at each user task an instance waited at (one per task: the return / withdraw points),
-- tasks, the timeline, cc, and workflow roles with their accounts. Timers are rows of the jobs table.
CREATE TABLE "wf_cc" (
	"cc_id" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"activity_id" text,
	"task_id" text,
	"account_id" text NOT NULL,
	"from_account_id" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_comment" (
	"comment_id" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"task_id" text,
	"activity_id" text,
	"account_id" text,
	"action" text NOT NULL,
	"comment" text,
	"target_account_id" text,
	"step" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_instance" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"model_history_id" text NOT NULL,
	"model_id" text NOT NULL,
	"title" text,
	"business_key" text,
	"starter_account_id" text NOT NULL,
	"starter_organization_id" text,
	"status" text DEFAULT 'running' NOT NULL,
	"engine_state" jsonb,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"start_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"timers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "wf_model" (
	"model_id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"application_menu_id" text,
	"category" text NOT NULL,
	"model_key" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"bpmn_xml" text NOT NULL,
	"configs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"latest_version" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "wf_model_history" (
	"model_history_id" text PRIMARY KEY NOT NULL,
	"model_id" text NOT NULL,
	"model_version" integer NOT NULL,
	"model_key" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"application_id" text NOT NULL,
	"application_menu_id" text,
	"bpmn_xml" text NOT NULL,
	"configs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"version_type" integer DEFAULT 1 NOT NULL,
	"deploy_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deploy_by" text
);
--> statement-breakpoint
CREATE TABLE "wf_role" (
	"wf_role_id" text PRIMARY KEY NOT NULL,
	"role_name" text NOT NULL,
	"role_code" text,
	"remark" text,
	"organization_id" text,
	"status" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "wf_role_account" (
	"wf_role_id" text NOT NULL,
	"account_id" text NOT NULL,
	CONSTRAINT "wf_role_account_wf_role_id_account_id_pk" PRIMARY KEY("wf_role_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "wf_snapshot" (
	"instance_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"execution_id" text NOT NULL,
	"step" integer NOT NULL,
	"state" jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wf_snapshot_instance_id_activity_id_pk" PRIMARY KEY("instance_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "wf_task" (
	"task_id" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"activity_name" text,
	"execution_id" text NOT NULL,
	"approve_method" text DEFAULT 'any' NOT NULL,
	"assignee_account_id" text NOT NULL,
	"owner_account_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"comment" text,
	"handled_by" text,
	"created_step" integer NOT NULL,
	"ended_step" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wf_cc" ADD CONSTRAINT "wf_cc_instance_id_wf_instance_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."wf_instance"("instance_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_comment" ADD CONSTRAINT "wf_comment_instance_id_wf_instance_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."wf_instance"("instance_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_instance" ADD CONSTRAINT "wf_instance_model_history_id_wf_model_history_model_history_id_fk" FOREIGN KEY ("model_history_id") REFERENCES "public"."wf_model_history"("model_history_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_model_history" ADD CONSTRAINT "wf_model_history_model_id_wf_model_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."wf_model"("model_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_role_account" ADD CONSTRAINT "wf_role_account_wf_role_id_wf_role_wf_role_id_fk" FOREIGN KEY ("wf_role_id") REFERENCES "public"."wf_role"("wf_role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_snapshot" ADD CONSTRAINT "wf_snapshot_instance_id_wf_instance_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."wf_instance"("instance_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_task" ADD CONSTRAINT "wf_task_instance_id_wf_instance_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."wf_instance"("instance_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wf_cc_account_idx" ON "wf_cc" USING btree ("account_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_cc_once_uq" ON "wf_cc" USING btree ("instance_id","account_id",coalesce("activity_id", ''));--> statement-breakpoint
CREATE INDEX "wf_comment_instance_idx" ON "wf_comment" USING btree ("instance_id","create_time");--> statement-breakpoint
CREATE INDEX "wf_instance_starter_idx" ON "wf_instance" USING btree ("starter_account_id","start_time");--> statement-breakpoint
CREATE INDEX "wf_instance_model_idx" ON "wf_instance" USING btree ("model_id","start_time");--> statement-breakpoint
CREATE INDEX "wf_instance_status_idx" ON "wf_instance" USING btree ("status","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_model_key_uq" ON "wf_model" USING btree ("model_key");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_model_history_version_uq" ON "wf_model_history" USING btree ("model_id","model_version");--> statement-breakpoint
CREATE INDEX "wf_model_history_key_idx" ON "wf_model_history" USING btree ("model_key","version_type");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_role_name_uq" ON "wf_role" USING btree ("role_name");--> statement-breakpoint
CREATE INDEX "wf_role_account_account_idx" ON "wf_role_account" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "wf_task_assignee_idx" ON "wf_task" USING btree ("assignee_account_id","create_time") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "wf_task_handled_idx" ON "wf_task" USING btree ("handled_by","end_time");--> statement-breakpoint
CREATE INDEX "wf_task_instance_idx" ON "wf_task" USING btree ("instance_id","activity_id");
--> statement-breakpoint
SELECT trestle_version_triggers();
