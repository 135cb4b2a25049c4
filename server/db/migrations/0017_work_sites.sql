-- Work sites (工点, issue 12 part A): a project's places of work, placed in its structure (line,
-- design unit, container node, a canonical chainage range), with type, status, site manager (a
-- staff person), contact, location (WGS-84 degrees and/or an address), description and photos
-- (file ids of the file service, in order). Codes are unique within a project.
CREATE TABLE "work_site" (
	"work_site_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL REFERENCES "project"("project_id") ON DELETE cascade,
	"work_site_code" text NOT NULL,
	"work_site_name" text NOT NULL,
	"site_type" text NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"line_id" text REFERENCES "line"("line_id") ON DELETE set null,
	"design_unit_id" text REFERENCES "design_unit"("design_unit_id") ON DELETE set null,
	"container_id" text REFERENCES "container"("container_id") ON DELETE set null,
	"start_mileage" text,
	"end_mileage" text,
	"manager_user_id" text REFERENCES "person"("user_id") ON DELETE set null,
	"contact_phone" text,
	"longitude" double precision,
	"latitude" double precision,
	"address" text,
	"description" text,
	"photo_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "work_site_code_uq" ON "work_site" USING btree ("project_id", "work_site_code");
--> statement-breakpoint
CREATE INDEX "work_site_project_idx" ON "work_site" USING btree ("project_id", "work_site_code");
--> statement-breakpoint
CREATE INDEX "work_site_line_idx" ON "work_site" USING btree ("line_id");
--> statement-breakpoint
CREATE INDEX "work_site_manager_idx" ON "work_site" USING btree ("manager_user_id");
--> statement-breakpoint
SELECT trestle_version_triggers();
