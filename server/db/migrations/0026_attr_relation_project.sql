-- A relation belongs to the project of its node (issue 28): lists, moves and deletes are limited to the
-- caller's projects like every project record. Relations whose node is gone keep a null project (seen by
-- the system administrator only).
ALTER TABLE "attr_relation" ADD COLUMN "project_id" text REFERENCES "project"("project_id") ON DELETE CASCADE;
--> statement-breakpoint
UPDATE "attr_relation" r SET "project_id" = COALESCE(
  (SELECT p."project_id" FROM "project" p WHERE p."project_id" = r."node_id"),
  (SELECT l."project_id" FROM "line" l WHERE l."line_id" = r."node_id"),
  (SELECT d."project_id" FROM "design_unit" d WHERE d."design_unit_id" = r."node_id")
);
--> statement-breakpoint
CREATE INDEX "attr_relation_project_idx" ON "attr_relation" ("project_id");
--> statement-breakpoint
-- The project is the node's, written by the database on every insert and on a change of node.
CREATE FUNCTION "attr_relation_project"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."project_id" := COALESCE(
    (SELECT p."project_id" FROM "project" p WHERE p."project_id" = NEW."node_id"),
    (SELECT l."project_id" FROM "line" l WHERE l."line_id" = NEW."node_id"),
    (SELECT d."project_id" FROM "design_unit" d WHERE d."design_unit_id" = NEW."node_id")
  );
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "attr_relation_project" BEFORE INSERT OR UPDATE OF "node_id" ON "attr_relation"
  FOR EACH ROW EXECUTE FUNCTION "attr_relation_project"();
