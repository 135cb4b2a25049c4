CREATE TABLE "role_org" (
	"role_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	CONSTRAINT "role_org_role_id_organization_id_pk" PRIMARY KEY("role_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "role_resource" (
	"role_id" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	CONSTRAINT "role_resource_role_id_resource_type_resource_id_pk" PRIMARY KEY("role_id","resource_type","resource_id")
);
--> statement-breakpoint
ALTER TABLE "role_org" ADD CONSTRAINT "role_org_role_id_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_org" ADD CONSTRAINT "role_org_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_resource" ADD CONSTRAINT "role_resource_role_id_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_org_org_idx" ON "role_org" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "role_resource_res_idx" ON "role_resource" USING btree ("resource_type","resource_id");