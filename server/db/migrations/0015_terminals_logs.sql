-- Terminal authorisation (SPEC §3/§4) and the three logs in monthly partitions (DESIGN §5).
-- Online and expiry of a terminal are never stored: they are derived from terminal_heartbeat and
-- valid_until by the database clock (server/modules/terminal). Heartbeats live in their own table
-- without a version, so a device's heartbeat never moves the record's version an administrator edits.
CREATE TABLE "terminal" (
	"terminal_id" text PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"device_name" text,
	"os" text,
	"os_version" text,
	"memory" text,
	"processor" text,
	"apply_ip" text,
	"apply_city" text,
	"account_name" text,
	"organization_id" text,
	"apply_count" integer DEFAULT 1 NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'unauthorised' NOT NULL,
	"authorised_at" timestamp with time zone,
	"validity_days" integer,
	"valid_until" timestamp with time zone,
	"heartbeat_interval_min" numeric(8, 2) DEFAULT 5 NOT NULL,
	"decided_by" text,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "terminal_status_ck" CHECK ("status" IN ('unauthorised', 'authorised', 'cancelled', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_device_uq" ON "terminal" USING btree ("device_id");
--> statement-breakpoint
CREATE INDEX "terminal_status_idx" ON "terminal" USING btree ("status", "valid_until");
--> statement-breakpoint
CREATE INDEX "terminal_org_idx" ON "terminal" USING btree ("organization_id");
--> statement-breakpoint
CREATE TABLE "terminal_heartbeat" (
	"terminal_id" text PRIMARY KEY NOT NULL REFERENCES "terminal"("terminal_id") ON DELETE CASCADE,
	"last_heartbeat_at" timestamp with time zone NOT NULL,
	"last_ip" text
);
--> statement-breakpoint
CREATE TABLE "terminal_event" (
	"terminal_event_id" text PRIMARY KEY NOT NULL,
	"terminal_id" text NOT NULL REFERENCES "terminal"("terminal_id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text
);
--> statement-breakpoint
CREATE INDEX "terminal_event_kind_at_idx" ON "terminal_event" USING btree ("kind", "at");
--> statement-breakpoint
-- The logs become partitioned by month on created_at (the primary key must hold the partition key).
-- Partitions are named <log>_pYYYYMM; the gateway creates the coming months and drops those past
-- retention (server/modules/logs/partitions.ts). Existing rows are copied into their months.
CREATE TABLE "login_log_p" (
	"login_log_id" text NOT NULL,
	"account_name" text,
	"organization_id" text,
	"ip" text,
	"city" text,
	"carrier" text,
	"terminal" text,
	"terminal_version" text,
	"os" text,
	"success" boolean NOT NULL,
	"code" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("login_log_id", "created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "operate_log_p" (
	"operate_log_id" text NOT NULL,
	"account_name" text,
	"organization_id" text,
	"app_code" text,
	"menu_id" text,
	"menu_name" text,
	"function_id" text,
	"action" text,
	"service" text,
	"uri" text,
	"method" text,
	"ip" text,
	"status_code" integer,
	"duration_ms" integer,
	"content" text,
	"request" text,
	"response" text,
	"created_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("operate_log_id", "created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "system_log_p" (
	"system_log_id" text NOT NULL,
	"event" text NOT NULL,
	"account_name" text,
	"organization_id" text,
	"app_code" text,
	"ip" text,
	"city" text,
	"uri" text,
	"method" text,
	"code" integer,
	"content" text,
	"created_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("system_log_id", "created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
DO $$
DECLARE
  log text;
  m date;
  last date := (date_trunc('month', now()) + interval '2 months')::date;
BEGIN
  FOREACH log IN ARRAY ARRAY['login_log', 'operate_log', 'system_log'] LOOP
    EXECUTE format('SELECT coalesce(date_trunc(''month'', min(created_at))::date, date_trunc(''month'', now())::date) FROM %I', log) INTO m;
    IF m > date_trunc('month', now())::date THEN m := date_trunc('month', now())::date; END IF;
    WHILE m <= last LOOP
      EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
        log || '_p' || to_char(m, 'YYYYMM'), log || '_p', m::timestamptz, (m + interval '1 month')::timestamptz);
      m := (m + interval '1 month')::date;
    END LOOP;
  END LOOP;
END
$$;
--> statement-breakpoint
INSERT INTO "login_log_p" ("login_log_id", "account_name", "ip", "carrier", "success", "code", "created_at")
	SELECT "login_log_id", "account_name", "ip", "carrier", "success", "code", "created_at" FROM "login_log";
--> statement-breakpoint
INSERT INTO "operate_log_p" ("operate_log_id", "account_name", "app_code", "menu_id", "function_id", "uri", "method", "status_code", "duration_ms", "content", "created_at")
	SELECT "operate_log_id", "account_name", "app_code", "menu_id", "function_id", "uri", "method", "status_code", "duration_ms", "content", "created_at" FROM "operate_log";
--> statement-breakpoint
INSERT INTO "system_log_p" ("system_log_id", "event", "account_name", "app_code", "ip", "uri", "method", "code", "content", "created_at")
	SELECT "system_log_id", "event", "account_name", "app_code", "ip", "uri", "method", "code", "content", "created_at" FROM "system_log";
--> statement-breakpoint
DROP TABLE "login_log";
--> statement-breakpoint
DROP TABLE "operate_log";
--> statement-breakpoint
DROP TABLE "system_log";
--> statement-breakpoint
ALTER TABLE "login_log_p" RENAME TO "login_log";
--> statement-breakpoint
ALTER TABLE "operate_log_p" RENAME TO "operate_log";
--> statement-breakpoint
ALTER TABLE "system_log_p" RENAME TO "system_log";
--> statement-breakpoint
CREATE INDEX "login_log_created_idx" ON "login_log" USING btree ("created_at", "login_log_id");
--> statement-breakpoint
CREATE INDEX "login_log_account_idx" ON "login_log" USING btree (lower("account_name") text_pattern_ops, "created_at");
--> statement-breakpoint
CREATE INDEX "operate_log_created_idx" ON "operate_log" USING btree ("created_at", "operate_log_id");
--> statement-breakpoint
CREATE INDEX "operate_log_account_idx" ON "operate_log" USING btree (lower("account_name") text_pattern_ops, "created_at");
--> statement-breakpoint
CREATE INDEX "system_log_created_idx" ON "system_log" USING btree ("created_at", "system_log_id");
--> statement-breakpoint
CREATE INDEX "system_log_event_idx" ON "system_log" USING btree ("event", "created_at");
--> statement-breakpoint
CREATE INDEX "system_log_account_idx" ON "system_log" USING btree (lower("account_name") text_pattern_ops, "created_at");
--> statement-breakpoint
-- Applications (SPEC §3/§7): an icon, versions (main.sub.revision, attachment, release note,
-- publish, is-used), the access key (only its hash; shown once when rotated) and which units and
-- roles may use an application.
ALTER TABLE "application" ADD COLUMN "icon_file_id" text;
--> statement-breakpoint
CREATE TABLE "application_key" (
	"application_id" text PRIMARY KEY NOT NULL REFERENCES "application"("application_id") ON DELETE CASCADE,
	"key_hash" text NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_by" text
);
--> statement-breakpoint
CREATE TABLE "application_version" (
	"application_version_id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL REFERENCES "application"("application_id") ON DELETE CASCADE,
	"major" integer NOT NULL,
	"minor" integer NOT NULL,
	"revision" integer NOT NULL,
	"attachment_file_id" text,
	"release_note" text,
	"published" boolean DEFAULT false NOT NULL,
	"publish_time" timestamp with time zone,
	"publisher" text,
	"is_used" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "application_version_number_uq" ON "application_version" USING btree ("application_id", "major", "minor", "revision");
--> statement-breakpoint
CREATE TABLE "application_grant" (
	"application_id" text NOT NULL REFERENCES "application"("application_id") ON DELETE CASCADE,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	PRIMARY KEY ("application_id", "subject_type", "subject_id"),
	CONSTRAINT "application_grant_type_ck" CHECK ("subject_type" IN ('org', 'role'))
);
--> statement-breakpoint
SELECT trestle_version_triggers();
