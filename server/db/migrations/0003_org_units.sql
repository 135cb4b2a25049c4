CREATE TABLE "org_contact" (
	"org_contact_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"contact_name" text NOT NULL,
	"post" text,
	"phone" text NOT NULL,
	"email" text,
	"remark" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "org_cowork" (
	"org_cowork_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"cowork_name" text NOT NULL,
	"credit_code" text,
	"contact_person" text,
	"contact_phone" text,
	"remark" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "org_group" (
	"org_group_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"group_name" text NOT NULL,
	"remark" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "org_group_account" (
	"org_group_account_id" text PRIMARY KEY NOT NULL,
	"org_group_id" text NOT NULL,
	"account_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"remark" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "org_listing" (
	"org_listing_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"institution_name" text NOT NULL,
	"stock_code" text,
	"listing_date" date,
	"remark" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "org_qualification" (
	"org_qualification_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"qualification_name" text NOT NULL,
	"level" text NOT NULL,
	"category" text NOT NULL,
	"certificate_no" text,
	"issuer" text,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"front_file_id" text,
	"back_file_id" text,
	"remark" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "fax" text;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "deposit_bank" text;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "bank_account" text;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "tax_code" text;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "account_limit" integer;--> statement-breakpoint
ALTER TABLE "org_contact" ADD CONSTRAINT "org_contact_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_cowork" ADD CONSTRAINT "org_cowork_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_group" ADD CONSTRAINT "org_group_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_group_account" ADD CONSTRAINT "org_group_account_org_group_id_org_group_org_group_id_fk" FOREIGN KEY ("org_group_id") REFERENCES "public"."org_group"("org_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_group_account" ADD CONSTRAINT "org_group_account_account_id_account_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_group_account" ADD CONSTRAINT "org_group_account_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_listing" ADD CONSTRAINT "org_listing_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_qualification" ADD CONSTRAINT "org_qualification_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "org_contact_org_idx" ON "org_contact" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "org_cowork_org_idx" ON "org_cowork" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_group_name_uq" ON "org_group" USING btree ("organization_id","group_name");--> statement-breakpoint
CREATE UNIQUE INDEX "org_group_account_uq" ON "org_group_account" USING btree ("org_group_id","account_id");--> statement-breakpoint
CREATE INDEX "org_group_account_account_idx" ON "org_group_account" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "org_listing_org_idx" ON "org_listing" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "org_qualification_org_idx" ON "org_qualification" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "org_qualification_valid_to_idx" ON "org_qualification" USING btree ("valid_to");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_credit_code_uq" ON "organization" USING btree ("credit_code");--> statement-breakpoint
CREATE INDEX "organization_type_idx" ON "organization" USING btree ("organization_type_id","sort");--> statement-breakpoint
CREATE INDEX "organization_lower_name_idx" ON "organization" USING btree (lower("organization_name"));