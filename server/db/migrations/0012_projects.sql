-- The project layer (issue 11, SPEC §3 "Project", "Line", "Project organisation"; DESIGN §3 "Project
-- scope"): projects, their participating units, lines, engineering majors, project organisations and
-- their department trees. Every project record carries `project_id` (server/lib/projectScope.ts).
CREATE TABLE "project" (
	"project_id" text PRIMARY KEY NOT NULL,
	"project_name" text NOT NULL,
	"project_code" text NOT NULL,
	"project_type" text NOT NULL,
	"organization_id" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"location" text,
	"description" text,
	"status" text DEFAULT 'preparing' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "project_unit" (
	"project_unit_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"unit_type" text NOT NULL,
	"organization_id" text NOT NULL,
	"unit_code" text,
	"contact_person" text,
	"contact_phone" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "line" (
	"line_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"line_code" text NOT NULL,
	"line_name" text NOT NULL,
	"line_type" text NOT NULL,
	"length_km" double precision,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "engineering_major" (
	"engineering_major_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"major_code" text NOT NULL,
	"major_name" text NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "project_org" (
	"project_organization_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"project_organization_name" text NOT NULL,
	"project_org_type_id" text NOT NULL,
	"organization_id" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "project_department" (
	"project_department_id" text PRIMARY KEY NOT NULL,
	"project_organization_id" text NOT NULL,
	"project_id" text NOT NULL,
	"parent_id" text,
	"path" text COLLATE "C",
	"department_name" text NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "project_department_id" text;
--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_unit" ADD CONSTRAINT "project_unit_project_id_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("project_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_unit" ADD CONSTRAINT "project_unit_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "line" ADD CONSTRAINT "line_project_id_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("project_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "engineering_major" ADD CONSTRAINT "engineering_major_project_id_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("project_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_org" ADD CONSTRAINT "project_org_project_id_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("project_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_org" ADD CONSTRAINT "project_org_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_department" ADD CONSTRAINT "project_department_project_organization_id_project_org_project_organization_id_fk" FOREIGN KEY ("project_organization_id") REFERENCES "public"."project_org"("project_organization_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_department" ADD CONSTRAINT "project_department_project_id_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("project_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_project_department_id_project_department_project_department_id_fk" FOREIGN KEY ("project_department_id") REFERENCES "public"."project_department"("project_department_id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "project_code_uq" ON "project" USING btree (lower("project_code"));
--> statement-breakpoint
CREATE INDEX "project_org_idx" ON "project" USING btree ("organization_id");
--> statement-breakpoint
CREATE INDEX "project_name_idx" ON "project" USING btree ("project_name");
--> statement-breakpoint
CREATE UNIQUE INDEX "project_unit_uq" ON "project_unit" USING btree ("project_id","organization_id","unit_type");
--> statement-breakpoint
CREATE INDEX "project_unit_org_idx" ON "project_unit" USING btree ("organization_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "line_code_uq" ON "line" USING btree ("project_id",lower("line_code"));
--> statement-breakpoint
CREATE UNIQUE INDEX "engineering_major_code_uq" ON "engineering_major" USING btree ("project_id",lower("major_code"));
--> statement-breakpoint
CREATE INDEX "project_org_project_idx" ON "project_org" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "project_department_org_idx" ON "project_department" USING btree ("project_organization_id","parent_id");
--> statement-breakpoint
CREATE INDEX "project_department_path_idx" ON "project_department" USING btree ("path");
--> statement-breakpoint
CREATE INDEX "project_department_project_idx" ON "project_department" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "account_project_department_idx" ON "account" USING btree ("project_department_id");
--> statement-breakpoint
SELECT trestle_version_triggers();
