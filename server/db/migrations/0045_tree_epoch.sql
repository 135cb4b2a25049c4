-- One counter per tree table (issue 32, the EBS dictionary's search and opening at 20,000 nodes):
-- every statement that changes the table moves it in its own transaction, so a copy of a tree a
-- gateway read at one epoch (lib/treeCache.ts) is used only while the counter still says so — a
-- change made through any gateway is seen by all at once. It moves by a random step, as the grants
-- epoch does (migration 0044): a restored database does not count again through epochs copies were
-- read at. It is moved BEFORE each statement, so two transactions that change one tree queue on its
-- row instead of deadlocking on the nodes' rows.
CREATE TABLE IF NOT EXISTS "tree_epoch" (
  "tree" text PRIMARY KEY NOT NULL,
  "epoch" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "tree_epoch" ("tree", "epoch") VALUES ('dict_node', 0), ('container', 0) ON CONFLICT ("tree") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trestle_tree_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tree_epoch SET epoch = epoch + 1 + floor(random() * 1000000)::bigint WHERE tree = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER trestle_tree_changed BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dict_node" FOR EACH STATEMENT EXECUTE FUNCTION trestle_tree_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER trestle_tree_changed BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "container" FOR EACH STATEMENT EXECUTE FUNCTION trestle_tree_changed();
