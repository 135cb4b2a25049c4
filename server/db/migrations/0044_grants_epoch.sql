-- The grants version (lib/grantsVersion.ts, the `grants-version` header and the key of each
-- process's permission cache) read as one counter (issue 32, the gate's cost): every statement that
-- changes what grants are made of — roles, an account's roles, a role's menus and functions, the
-- applications, their menus and functions — moves it in its own transaction, so the new version is
-- seen exactly when the change is. Before, each signed call computed it from the caller's roles and
-- counted their grants (five subqueries in the gate's statement).
-- It moves by a random step: a database restored from a backup does not count again through the
-- versions consoles saw before. It is moved BEFORE each statement, so a transaction that changes
-- grants holds its row lock before any row lock of those tables: two such transactions queue on it
-- instead of deadlocking.
CREATE TABLE IF NOT EXISTS "grants_epoch" (
  "id" smallint PRIMARY KEY NOT NULL CHECK ("id" = 1),
  "epoch" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "grants_epoch" ("id", "epoch") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trestle_grants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE grants_epoch SET epoch = epoch + 1 + floor(random() * 1000000)::bigint WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['role', 'account_role', 'role_menu', 'role_menu_function', 'application', 'application_menu', 'application_menu_function']
  LOOP
    EXECUTE format(
      'CREATE OR REPLACE TRIGGER trestle_grants_changed BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION trestle_grants_changed()',
      t
    );
  END LOOP;
END
$$;
