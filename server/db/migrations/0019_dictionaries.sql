-- Engineering dictionaries (issue 13 part A): engineering majors (a small flat dictionary), the EBS,
-- WBS and quantity dictionaries (one ordered tree per kind in one table, kept by server/lib/tree.ts:
-- parent id + materialised path + fractional sort key, both COLLATE "C"), and the many-to-many
-- relations of WBS nodes to EBS nodes. A node's level is its depth (from the path), not stored.
CREATE TABLE "dict_major" (
	"major_id" text PRIMARY KEY NOT NULL,
	"major_code" text NOT NULL,
	"major_name" text NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dict_major_code_uq" ON "dict_major" USING btree (lower("major_code"));
--> statement-breakpoint
CREATE TABLE "dict_node" (
	"node_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL CHECK ("kind" in ('ebs', 'wbs', 'quantity')),
	"parent_id" text REFERENCES "dict_node"("node_id") ON DELETE cascade,
	"path" text COLLATE "C",
	"sort_key" text COLLATE "C",
	"node_code" text NOT NULL,
	"node_name" text NOT NULL,
	"unit" text,
	"major_id" text REFERENCES "dict_major"("major_id") ON DELETE set null,
	"description" text,
	"status" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dict_node_code_uq" ON "dict_node" USING btree ("kind", "node_code");
--> statement-breakpoint
CREATE INDEX "dict_node_parent_idx" ON "dict_node" USING btree ("parent_id", "sort_key");
--> statement-breakpoint
CREATE INDEX "dict_node_path_idx" ON "dict_node" USING btree ("path");
--> statement-breakpoint
CREATE INDEX "dict_node_kind_idx" ON "dict_node" USING btree ("kind", "sort_key");
--> statement-breakpoint
CREATE INDEX "dict_node_major_idx" ON "dict_node" USING btree ("major_id");
--> statement-breakpoint
CREATE TABLE "wbs_ebs_rel" (
	"wbs_id" text NOT NULL REFERENCES "dict_node"("node_id") ON DELETE cascade,
	"ebs_id" text NOT NULL REFERENCES "dict_node"("node_id") ON DELETE cascade,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	PRIMARY KEY ("wbs_id", "ebs_id")
);
--> statement-breakpoint
CREATE INDEX "wbs_ebs_rel_ebs_idx" ON "wbs_ebs_rel" USING btree ("ebs_id");
--> statement-breakpoint
SELECT trestle_version_triggers();
