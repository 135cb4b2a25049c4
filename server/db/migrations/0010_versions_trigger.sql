-- Versions by construction (DESIGN §3): the database moves `version`, not the code. Every table with
-- a `version` column gets the row trigger `trestle_version` (BEFORE UPDATE, FOR EACH ROW), which sets
--   NEW.version := OLD.version + 1   when the row changed,
--   NEW.version := OLD.version       when it did not,
-- whatever the UPDATE itself wrote into `version` (so a hand-written `version + 1` can neither add a
-- second step nor be forgotten). "Changed" compares the whole row except:
--   * `path`: a tree's materialised path (server/lib/tree.ts), derived from `parent_id` and rewritten
--     for a whole subtree when an ancestor moves — the moved node changes (its parent), its
--     descendants do not, so their open forms must not conflict;
--   * `version` and `update_by`. `update_time` IS compared: every deliberate write stamps it, so every
--     save moves the version even when the row's own columns end up the same — a save may change
--     only rows of a child table (a menu's functions, a person's education), and a second save based
--     on the same version must then get 20008, not overwrite it. Writes the system makes on the side
--     without stamping `update_time` (a subtree's `path`, the bookkeeping below) move nothing;
--   * bookkeeping columns listed per table in trestle_version_triggers() below, written by the system
--     as a side effect and never by an edit form: account.locked_until (the end of a lockout, moved
--     again by further failed sign-ins). A status change (locked, unlocked, stopped…) is a change and
--     moves the version. Failure counters and last-seen times live in tables without a version
--     (login_failure, session).
-- Optimistic checks keep working: `UPDATE … WHERE version = <the client's>` matches the old row and
-- the trigger writes the new version; read it back with RETURNING.
-- A later migration that adds a table with a `version` column ends with
--   SELECT trestle_version_triggers();
-- (idempotent; tests/api/versions.test.ts checks on PostgreSQL that every such table has the trigger).
CREATE OR REPLACE FUNCTION trestle_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ignored text[] := ARRAY['version', 'update_by', 'path'] || TG_ARGV;
BEGIN
  IF (to_jsonb(NEW) - ignored) IS DISTINCT FROM (to_jsonb(OLD) - ignored) THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trestle_version_triggers() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  -- Bookkeeping columns per table: written by the system, not compared (see the top of 0010_versions_trigger.sql).
  bookkeeping jsonb := '{"account": ["locked_until"]}';
  t record;
  args text;
BEGIN
  FOR t IN
    SELECT c.table_name
    FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND c.column_name = 'version' AND tb.table_type = 'BASE TABLE'
    ORDER BY c.table_name
  LOOP
    SELECT coalesce(string_agg(quote_literal(x), ', '), '') INTO args
    FROM jsonb_array_elements_text(coalesce(bookkeeping -> t.table_name, '[]'::jsonb)) AS x;
    EXECUTE format('CREATE OR REPLACE TRIGGER trestle_version BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION trestle_bump_version(%s)', t.table_name, args);
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT trestle_version_triggers();
