-- The data dictionary (issue 33; SPEC §7 `dictionary`, server/modules/dataDictionary): keys and each key's
-- ordered items. The key `container_type` is seeded here, for new and existing databases alike, with the
-- container types of the fixed list it replaces — the same codes, so every container keeps its type.
CREATE TABLE "data_dict_key" (
	"key_id" text PRIMARY KEY NOT NULL,
	"key_code" text NOT NULL,
	"key_name" text NOT NULL,
	"key_name_en" text NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "data_dict_item" (
	"item_id" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"item_code" text NOT NULL,
	"label" text NOT NULL,
	"label_en" text NOT NULL,
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
ALTER TABLE "data_dict_item" ADD CONSTRAINT "data_dict_item_key_id_data_dict_key_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."data_dict_key"("key_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "data_dict_key_code_uq" ON "data_dict_key" USING btree (lower("key_code"));
--> statement-breakpoint
CREATE UNIQUE INDEX "data_dict_item_code_uq" ON "data_dict_item" USING btree ("key_id",lower("item_code"));
--> statement-breakpoint
CREATE INDEX "data_dict_item_key_idx" ON "data_dict_item" USING btree ("key_id","sort");
--> statement-breakpoint
INSERT INTO "data_dict_key" ("key_id", "key_code", "key_name", "key_name_en", "remark", "create_by", "update_by") VALUES
	('01a21729-1aba-7040-9e10-2642f3aa36f3', 'container_type', '容器类型', 'Container types', '项目容器节点的类型', 'system', 'system');
--> statement-breakpoint
INSERT INTO "data_dict_item" ("item_id", "key_id", "item_code", "label", "label_en", "sort", "status", "create_by", "update_by") VALUES
	('01a21729-1aba-7698-85c6-67001b2e1e1d', '01a21729-1aba-7040-9e10-2642f3aa36f3', 'section', '标段', 'Section', 1, 1, 'system', 'system'),
	('01a21729-1aba-7698-85c6-6a32433fad5a', '01a21729-1aba-7040-9e10-2642f3aa36f3', 'station', '车站', 'Station', 2, 1, 'system', 'system'),
	('01a21729-1aba-7698-85c6-6d612cc110ef', '01a21729-1aba-7040-9e10-2642f3aa36f3', 'bridge', '桥梁', 'Bridge', 3, 1, 'system', 'system'),
	('01a21729-1aba-7698-85c6-7283972882c8', '01a21729-1aba-7040-9e10-2642f3aa36f3', 'tunnel', '隧道', 'Tunnel', 4, 1, 'system', 'system'),
	('01a21729-1aba-7698-85c6-74bd75a8f7ce', '01a21729-1aba-7040-9e10-2642f3aa36f3', 'subgrade', '路基', 'Subgrade', 5, 1, 'system', 'system'),
	('01a21729-1aba-7698-85c6-78cbd224c376', '01a21729-1aba-7040-9e10-2642f3aa36f3', 'culvert', '涵洞', 'Culvert', 6, 1, 'system', 'system'),
	('01a21729-1aba-7698-85c6-7db19237f1dc', '01a21729-1aba-7040-9e10-2642f3aa36f3', 'pier', '墩台', 'Pier', 7, 1, 'system', 'system'),
	('01a21729-1aba-7698-85c6-81002d981988', '01a21729-1aba-7040-9e10-2642f3aa36f3', 'span', '梁跨', 'Span', 8, 1, 'system', 'system'),
	('01a21729-1aba-7698-85c6-851183df891f', '01a21729-1aba-7040-9e10-2642f3aa36f3', 'track', '轨道', 'Track', 9, 1, 'system', 'system'),
	('01a21729-1abb-72fc-83d4-ee634727a6de', '01a21729-1aba-7040-9e10-2642f3aa36f3', 'building', '房建', 'Building', 10, 1, 'system', 'system'),
	('01a21729-1abb-72fc-83d4-f296af8368bf', '01a21729-1aba-7040-9e10-2642f3aa36f3', 'other', '其他', 'Other', 11, 1, 'system', 'system');
--> statement-breakpoint
SELECT trestle_version_triggers();
