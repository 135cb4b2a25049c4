-- Materialised paths ('/root/…/self/', ids) of the unit and department trees (server/lib/tree.ts):
-- the subtree of a node is an indexed range of paths. "C" collation: byte order, so the range
-- [path, path with its last '/' turned into '0') is exactly the paths that start with it.
ALTER TABLE "organization" ADD COLUMN "path" text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "department" ADD COLUMN "path" text COLLATE "C";
--> statement-breakpoint
WITH RECURSIVE p(id, path) AS (
	SELECT "organization_id", '/' || "organization_id" || '/' FROM "organization" WHERE "parent_id" IS NULL
	UNION ALL
	SELECT c."organization_id", p.path || c."organization_id" || '/' FROM "organization" c JOIN p ON c."parent_id" = p.id
)
UPDATE "organization" SET "path" = p.path FROM p WHERE "organization"."organization_id" = p.id;
--> statement-breakpoint
WITH RECURSIVE p(id, path) AS (
	SELECT "department_id", '/' || "department_id" || '/' FROM "department" WHERE "parent_id" IS NULL
	UNION ALL
	SELECT c."department_id", p.path || c."department_id" || '/' FROM "department" c JOIN p ON c."parent_id" = p.id
)
UPDATE "department" SET "path" = p.path FROM p WHERE "department"."department_id" = p.id;
--> statement-breakpoint
CREATE INDEX "organization_path_idx" ON "organization" USING btree ("path");
--> statement-breakpoint
CREATE INDEX "department_path_idx" ON "department" USING btree ("path");
