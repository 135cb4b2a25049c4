-- What changed in a tree table since an epoch (issue 32: a tree's first reading after a change reads
-- only that, not the whole scope again — lib/treeCache.ts). Each row carries the epoch of the
-- statement that last wrote it (`change_epoch`, set by a row trigger from the epoch the statement
-- trigger of migration 0045 just moved); `tree_change` keeps a row per statement: its epoch, and the
-- ids a DELETE took (a TRUNCATE is marked: no copy from before it can be brought up to date).
-- Two transactions that change one tree queue on its tree_epoch row, so they commit in epoch order:
-- a reader that sees epoch E sees every row whose change_epoch is at most E. A copy read at epoch E
-- is brought forward only while E is in tree_change (the same history: not a restored database that
-- moved past E by other changes); rows of tree_change older than 30 days are dropped.
CREATE TABLE IF NOT EXISTS "tree_change" (
  "tree" text NOT NULL,
  "epoch" bigint NOT NULL,
  "truncated" boolean NOT NULL DEFAULT false,
  "removed" text[],
  "at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("tree", "epoch")
);
--> statement-breakpoint
INSERT INTO "tree_change" ("tree", "epoch") SELECT "tree", "epoch" FROM "tree_epoch" ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "dict_node" ADD COLUMN IF NOT EXISTS "change_epoch" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "container" ADD COLUMN IF NOT EXISTS "change_epoch" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dict_node_change_idx" ON "dict_node" USING btree ("change_epoch");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "container_change_idx" ON "container" USING btree ("change_epoch");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trestle_tree_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  UPDATE tree_epoch SET epoch = epoch + 1 + floor(random() * 1000000)::bigint WHERE tree = TG_TABLE_NAME RETURNING epoch INTO moved;
  INSERT INTO tree_change (tree, epoch, truncated) VALUES (TG_TABLE_NAME, moved, TG_OP = 'TRUNCATE');
  PERFORM set_config('trestle.epoch_' || TG_TABLE_NAME, moved::text, true);
  IF random() < 0.01 THEN
    DELETE FROM tree_change WHERE tree = TG_TABLE_NAME AND at < now() - interval '30 days';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trestle_tree_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_epoch := current_setting('trestle.epoch_' || TG_TABLE_NAME)::bigint;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER trestle_tree_row_changed BEFORE INSERT OR UPDATE ON "dict_node" FOR EACH ROW EXECUTE FUNCTION trestle_tree_row_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER trestle_tree_row_changed BEFORE INSERT OR UPDATE ON "container" FOR EACH ROW EXECUTE FUNCTION trestle_tree_row_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trestle_tree_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the table's id column
  EXECUTE format('UPDATE tree_change SET removed = ARRAY(SELECT %I FROM gone) WHERE tree = $1 AND epoch = $2', TG_ARGV[0])
    USING TG_TABLE_NAME, current_setting('trestle.epoch_' || TG_TABLE_NAME)::bigint;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER trestle_tree_removed AFTER DELETE ON "dict_node" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION trestle_tree_removed('node_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER trestle_tree_removed AFTER DELETE ON "container" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION trestle_tree_removed('container_id');
