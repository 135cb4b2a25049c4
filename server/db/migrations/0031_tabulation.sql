-- Tabulation (issue 30; server/modules/tabulation): groups of templates (an ordered tree: parent id +
-- materialised path + fractional sort key, both COLLATE "C", kept by server/lib/tree.ts), templates
-- with their draft sheet, published versions (immutable), cell permission rules (subject × range ×
-- view / edit, optionally at a workflow node) and contents (cell values of a sheet filled on a version).
CREATE TABLE "tab_group" (
	"tab_group_id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"path" text COLLATE "C",
	"sort_key" text COLLATE "C",
	"group_name" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "tab_template" (
	"tab_template_id" text PRIMARY KEY NOT NULL,
	"tab_group_id" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"application_id" text,
	"application_menu_id" text,
	"sheet" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"current_version_id" text,
	"current_version_no" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "tab_template_version" (
	"tab_version_id" text PRIMARY KEY NOT NULL,
	"tab_template_id" text NOT NULL,
	"version_no" integer NOT NULL,
	"sheet" jsonb NOT NULL,
	"publish_by" text,
	"publish_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tab_cell_permission" (
	"tab_cell_permission_id" text PRIMARY KEY NOT NULL,
	"tab_template_id" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"cell_range" text NOT NULL,
	"access" text NOT NULL,
	"node_id" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tab_content" (
	"tab_content_id" text PRIMARY KEY NOT NULL,
	"tab_template_id" text NOT NULL,
	"tab_version_id" text NOT NULL,
	"project_id" text NOT NULL,
	"work_site_id" text,
	"content_date" date NOT NULL,
	"cells" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"workflow_node_id" text,
	"submit_time" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
ALTER TABLE "tab_group" ADD CONSTRAINT "tab_group_parent_id_tab_group_tab_group_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tab_group"("tab_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_template" ADD CONSTRAINT "tab_template_tab_group_id_tab_group_tab_group_id_fk" FOREIGN KEY ("tab_group_id") REFERENCES "public"."tab_group"("tab_group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_template_version" ADD CONSTRAINT "tab_template_version_tab_template_id_tab_template_tab_template_id_fk" FOREIGN KEY ("tab_template_id") REFERENCES "public"."tab_template"("tab_template_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_cell_permission" ADD CONSTRAINT "tab_cell_permission_tab_template_id_tab_template_tab_template_id_fk" FOREIGN KEY ("tab_template_id") REFERENCES "public"."tab_template"("tab_template_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_content" ADD CONSTRAINT "tab_content_tab_template_id_tab_template_tab_template_id_fk" FOREIGN KEY ("tab_template_id") REFERENCES "public"."tab_template"("tab_template_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_content" ADD CONSTRAINT "tab_content_tab_version_id_tab_template_version_tab_version_id_fk" FOREIGN KEY ("tab_version_id") REFERENCES "public"."tab_template_version"("tab_version_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tab_group_parent_idx" ON "tab_group" USING btree ("parent_id","sort_key");--> statement-breakpoint
CREATE INDEX "tab_group_path_idx" ON "tab_group" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "tab_template_code_uq" ON "tab_template" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "tab_template_group_idx" ON "tab_template" USING btree ("tab_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tab_template_version_uq" ON "tab_template_version" USING btree ("tab_template_id","version_no");--> statement-breakpoint
CREATE INDEX "tab_cell_permission_template_idx" ON "tab_cell_permission" USING btree ("tab_template_id","sort");--> statement-breakpoint
CREATE INDEX "tab_content_template_idx" ON "tab_content" USING btree ("tab_template_id","content_date");--> statement-breakpoint
CREATE INDEX "tab_content_project_idx" ON "tab_content" USING btree ("project_id","content_date");--> statement-breakpoint
SELECT trestle_version_triggers();
