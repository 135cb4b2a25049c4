CREATE TABLE "job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'ready' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"every_seconds" integer,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_dedupe_uq" ON "job" USING btree ("kind","dedupe_key") WHERE dedupe_key is not null;--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" USING btree ("run_at") WHERE status in ('ready', 'running');--> statement-breakpoint
CREATE INDEX "job_dead_idx" ON "job" USING btree ("kind","id") WHERE status = 'dead';--> statement-breakpoint
CREATE TABLE "event_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"organization_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "event_outbox_topic_idx" ON "event_outbox" USING btree ("topic","id");--> statement-breakpoint
CREATE TABLE "msg_config" (
	"msg_config_id" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'event' NOT NULL,
	"event_code" text,
	"config_name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"channels" jsonb DEFAULT '["inApp"]'::jsonb NOT NULL,
	"receivers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"content_zh" text NOT NULL,
	"content_en" text NOT NULL,
	"webhook_url" text,
	"remark" text,
	"organization_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE INDEX "msg_config_event_idx" ON "msg_config" USING btree ("event_code");--> statement-breakpoint
CREATE UNIQUE INDEX "msg_config_name_uq" ON "msg_config" USING btree ("kind","config_name");--> statement-breakpoint
CREATE TABLE "msg_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"event_id" bigint NOT NULL,
	"msg_config_id" text,
	"event_code" text NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"content_zh" text NOT NULL,
	"content_en" text NOT NULL,
	"link" text,
	"sender_id" text,
	"read_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "msg_inbox_event_account_uq" ON "msg_inbox" USING btree ("event_id","account_id");--> statement-breakpoint
CREATE INDEX "msg_inbox_account_idx" ON "msg_inbox" USING btree ("account_id","id");--> statement-breakpoint
ALTER TABLE "msg_inbox" ADD CONSTRAINT "msg_inbox_account_id_account_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "msg_push" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inbox_id" bigint NOT NULL,
	"account_id" text NOT NULL,
	"channel" text NOT NULL,
	"target" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "msg_push_inbox_channel_uq" ON "msg_push" USING btree ("inbox_id","channel");--> statement-breakpoint
CREATE INDEX "msg_push_status_idx" ON "msg_push" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "msg_push" ADD CONSTRAINT "msg_push_inbox_id_msg_inbox_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."msg_inbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT trestle_version_triggers();
