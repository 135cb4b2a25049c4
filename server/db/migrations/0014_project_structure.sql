-- A project's structure (issue 11 part B): container nodes (one ordered tree per project, kept by
-- server/lib/tree.ts: parent id + materialised path + fractional sort key, both COLLATE "C"), design
-- units on a line with their mileages, and unit engineering. Mileages are stored as canonical
-- chainage text ('DK123+456.780', src/contract/mileage.ts); the prefix and the numeric metres are
-- generated from it, so ordering and overlap checks compare numbers.
CREATE TABLE "container" (
	"container_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL REFERENCES "project"("project_id") ON DELETE cascade,
	"parent_id" text REFERENCES "container"("container_id") ON DELETE cascade,
	"path" text COLLATE "C",
	"sort_key" text COLLATE "C",
	"container_name" text NOT NULL,
	"container_code" text NOT NULL,
	"container_type" text NOT NULL,
	"nature" text DEFAULT 'entity' NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "container_code_uq" ON "container" USING btree ("project_id", "container_code");
--> statement-breakpoint
CREATE INDEX "container_parent_idx" ON "container" USING btree ("parent_id", "sort_key");
--> statement-breakpoint
CREATE INDEX "container_path_idx" ON "container" USING btree ("path");
--> statement-breakpoint
CREATE INDEX "container_project_idx" ON "container" USING btree ("project_id", "sort_key");
--> statement-breakpoint
CREATE TABLE "design_unit" (
	"design_unit_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL REFERENCES "project"("project_id") ON DELETE cascade,
	"line_id" text NOT NULL REFERENCES "line"("line_id") ON DELETE cascade,
	"design_unit_code" text NOT NULL,
	"design_unit_name" text NOT NULL,
	"major" text,
	"administrative_region" text,
	"start_mileage" text NOT NULL,
	"end_mileage" text NOT NULL,
	"center_mileage" text,
	"start_prefix" text GENERATED ALWAYS AS (substring("start_mileage" from '^[A-Z]*')) STORED,
	"start_metres" numeric(12, 3) GENERATED ALWAYS AS (split_part(substring("start_mileage" from '[0-9]+\+[0-9.]+$'), '+', 1)::numeric * 1000 + split_part(substring("start_mileage" from '[0-9]+\+[0-9.]+$'), '+', 2)::numeric) STORED,
	"end_prefix" text GENERATED ALWAYS AS (substring("end_mileage" from '^[A-Z]*')) STORED,
	"end_metres" numeric(12, 3) GENERATED ALWAYS AS (split_part(substring("end_mileage" from '[0-9]+\+[0-9.]+$'), '+', 1)::numeric * 1000 + split_part(substring("end_mileage" from '[0-9]+\+[0-9.]+$'), '+', 2)::numeric) STORED,
	"container_id" text REFERENCES "container"("container_id") ON DELETE set null,
	"work_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "design_unit_code_uq" ON "design_unit" USING btree ("project_id", "design_unit_code");
--> statement-breakpoint
CREATE INDEX "design_unit_line_idx" ON "design_unit" USING btree ("line_id", "start_metres");
--> statement-breakpoint
CREATE INDEX "design_unit_project_idx" ON "design_unit" USING btree ("project_id", "start_metres");
--> statement-breakpoint
CREATE TABLE "unit_engineering" (
	"unit_engineering_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL REFERENCES "project"("project_id") ON DELETE cascade,
	"parent_id" text REFERENCES "unit_engineering"("unit_engineering_id") ON DELETE cascade,
	"unit_code" text NOT NULL,
	"unit_name" text NOT NULL,
	"category" text DEFAULT 'unit' NOT NULL,
	"design_unit_id" text REFERENCES "design_unit"("design_unit_id") ON DELETE set null,
	"container_id" text REFERENCES "container"("container_id") ON DELETE set null,
	"major" text,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "unit_engineering_code_uq" ON "unit_engineering" USING btree ("project_id", "unit_code");
--> statement-breakpoint
CREATE INDEX "unit_engineering_design_unit_idx" ON "unit_engineering" USING btree ("design_unit_id");
--> statement-breakpoint
CREATE INDEX "unit_engineering_parent_idx" ON "unit_engineering" USING btree ("parent_id");
--> statement-breakpoint
SELECT trestle_version_triggers();
