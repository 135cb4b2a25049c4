CREATE TABLE "department" (
	"department_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"parent_id" text,
	"department_name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "person" (
	"user_id" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"department_id" text,
	"name" text NOT NULL,
	"sex" text,
	"id_card" text,
	"birth_date" date,
	"cellphone" text,
	"email" text,
	"avatar_file_id" text,
	"post" text,
	"position_level" text,
	"status" text DEFAULT 'active' NOT NULL,
	"audit_status" text DEFAULT 'approved' NOT NULL,
	"audit_reason" text,
	"audit_by" text,
	"audit_time" timestamp with time zone,
	"account_id" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "person_certificate" (
	"certificate_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title_level" text NOT NULL,
	"certificate_name" text NOT NULL,
	"certificate_no" text NOT NULL,
	"issuing_unit" text,
	"valid_from" date,
	"valid_to" date,
	"front_photo_file_id" text,
	"back_photo_file_id" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "person_education" (
	"education_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"start_month" text NOT NULL,
	"end_month" text NOT NULL,
	"school" text NOT NULL,
	"major" text,
	"degree" text NOT NULL,
	"graduation_photo_file_id" text,
	"degree_photo_file_id" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "person_job" (
	"job_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"institution" text NOT NULL,
	"position" text,
	"organization_name" text,
	"department_name" text,
	"job_level" text,
	"post" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "person_project" (
	"project_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"start_month" text NOT NULL,
	"end_month" text,
	"organization_name" text NOT NULL,
	"position" text,
	"description" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "unit_kind" text;--> statement-breakpoint
ALTER TABLE "department" ADD CONSTRAINT "department_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department" ADD CONSTRAINT "department_parent_id_department_department_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."department"("department_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_department_id_department_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."department"("department_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_account_id_account_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_certificate" ADD CONSTRAINT "person_certificate_user_id_person_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."person"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_education" ADD CONSTRAINT "person_education_user_id_person_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."person"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_job" ADD CONSTRAINT "person_job_user_id_person_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."person"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_project" ADD CONSTRAINT "person_project_user_id_person_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."person"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "department_org_idx" ON "department" USING btree ("organization_id","sort");--> statement-breakpoint
CREATE INDEX "department_parent_idx" ON "department" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "department_name_uq" ON "department" USING btree ("organization_id",coalesce("parent_id", ''),"department_name");--> statement-breakpoint
CREATE INDEX "person_org_idx" ON "person" USING btree ("organization_id","sort");--> statement-breakpoint
CREATE INDEX "person_dept_idx" ON "person" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "person_audit_idx" ON "person" USING btree ("audit_status");--> statement-breakpoint
CREATE UNIQUE INDEX "person_id_card_uq" ON "person" USING btree ("id_card");--> statement-breakpoint
CREATE UNIQUE INDEX "person_account_uq" ON "person" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "person_cellphone_idx" ON "person" USING btree ("cellphone");--> statement-breakpoint
CREATE INDEX "person_certificate_user_idx" ON "person_certificate" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "person_education_user_idx" ON "person_education" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "person_job_user_idx" ON "person_job" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "person_project_user_idx" ON "person_project" USING btree ("user_id");