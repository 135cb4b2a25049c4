-- Extension attributes, bill of quantities and the resource pool (issue 13 part B).
-- attr_group / attr_item: attribute groups per node type (1 project, 2 line, 3 design unit) and their
-- items; a group of kind 'table' is a user-defined table whose items are its columns.
-- attr_relation: the specific nodes a group applies to (none: every node of its type).
-- attr_value: one row per node, the values keyed by item code (jsonb) — one read and one write per form.
-- attr_table_row: rows of a user-defined table per node.
-- boq_item: quantity items of a container node or a design unit; amount derived by the database.
-- resource_pool: the resources a role can be granted (SPEC §6 resource authorisation).
CREATE TABLE "attr_group" (
	"group_id" text PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"group_code" text NOT NULL,
	"node_type" integer NOT NULL,
	"group_kind" text DEFAULT 'form' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "attr_group_code_uq" ON "attr_group" USING btree (lower("group_code"));
--> statement-breakpoint
CREATE INDEX "attr_group_node_type_idx" ON "attr_group" USING btree ("node_type","sort");
--> statement-breakpoint
CREATE TABLE "attr_item" (
	"item_id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL REFERENCES "attr_group"("group_id") ON DELETE cascade,
	"item_name" text NOT NULL,
	"item_code" text NOT NULL,
	"item_type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_value" text,
	"unit" text,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "attr_item_code_uq" ON "attr_item" USING btree ("group_id",lower("item_code"));
--> statement-breakpoint
CREATE TABLE "attr_relation" (
	"relation_id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL REFERENCES "attr_group"("group_id") ON DELETE cascade,
	"node_id" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "attr_relation_uq" ON "attr_relation" USING btree ("group_id","node_id");
--> statement-breakpoint
CREATE INDEX "attr_relation_node_idx" ON "attr_relation" USING btree ("node_id");
--> statement-breakpoint
CREATE TABLE "attr_value" (
	"node_type" integer NOT NULL,
	"node_id" text NOT NULL,
	"project_id" text NOT NULL REFERENCES "project"("project_id") ON DELETE cascade,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "attr_value_pk" PRIMARY KEY ("node_type","node_id")
);
--> statement-breakpoint
CREATE TABLE "attr_table_row" (
	"row_id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL REFERENCES "attr_group"("group_id") ON DELETE cascade,
	"node_type" integer NOT NULL,
	"node_id" text NOT NULL,
	"project_id" text NOT NULL REFERENCES "project"("project_id") ON DELETE cascade,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE INDEX "attr_table_row_node_idx" ON "attr_table_row" USING btree ("group_id","node_id","sort");
--> statement-breakpoint
CREATE TABLE "boq_item" (
	"boq_item_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL REFERENCES "project"("project_id") ON DELETE cascade,
	"container_id" text REFERENCES "container"("container_id") ON DELETE cascade,
	"design_unit_id" text REFERENCES "design_unit"("design_unit_id") ON DELETE cascade,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_price" numeric(18, 4) NOT NULL,
	"amount" numeric(38, 2) GENERATED ALWAYS AS (round("quantity" * "unit_price", 2)) STORED,
	"remark" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "boq_item_one_node" CHECK (num_nonnulls("container_id", "design_unit_id") = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "boq_item_code_uq" ON "boq_item" USING btree ("project_id",lower("item_code"));
--> statement-breakpoint
CREATE INDEX "boq_item_container_idx" ON "boq_item" USING btree ("container_id");
--> statement-breakpoint
CREATE INDEX "boq_item_design_unit_idx" ON "boq_item" USING btree ("design_unit_id");
--> statement-breakpoint
CREATE TABLE "resource_pool" (
	"resource_id" text PRIMARY KEY NOT NULL,
	"resource_name" text NOT NULL,
	"resource_code" text NOT NULL,
	"resource_type" text NOT NULL,
	"uri" text,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "resource_pool_code_uq" ON "resource_pool" USING btree (lower("resource_code"));
--> statement-breakpoint
SELECT trestle_version_triggers();
