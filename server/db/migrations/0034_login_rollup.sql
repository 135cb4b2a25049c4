-- Issue 32: the home dashboard's sign-in figures without scanning the login log. Two small tables hold
-- what the dashboard counts of successful sign-ins, kept by statement triggers on login_log (in the
-- transaction of the rows they count, so every gateway reads the same figures):
--   login_day:  successful sign-ins per day and unit. The day is created_at::date, the date by the
--               database clock (the server's TimeZone), as the dashboard's series shows it.
--   login_last: per account name (lower-cased) and unit, its latest successful sign-in (the active
--               accounts: count the names whose latest is within 30 days).
-- A unit-less row (organization_id null) is kept under '' (no data scope names ''); an account-less
-- one likewise. Inserts add, deletes subtract (and look the latest up again in login_log through
-- login_log_account_idx), an update is both. Rows written straight into a partition, and a
-- TRUNCATE, bypass the triggers: the log is written through its parent only; a dropped month goes
-- through login_rollup_forget() (server/modules/logs/partitions.ts).
CREATE TABLE "login_day" (
	"day" date NOT NULL,
	"organization_id" text NOT NULL,
	"success" integer NOT NULL,
	PRIMARY KEY ("day", "organization_id")
);
--> statement-breakpoint
CREATE TABLE "login_last" (
	"account_key" text NOT NULL,
	"organization_id" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("account_key", "organization_id")
);
--> statement-breakpoint
CREATE INDEX "login_last_at_idx" ON "login_last" ("last_at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION login_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    WITH gone AS (
      SELECT created_at::date AS day, coalesce(organization_id, '') AS org, count(*)::int AS n
      FROM old_rows WHERE success GROUP BY 1, 2
    )
    UPDATE login_day d SET success = d.success - g.n FROM gone g WHERE d.day = g.day AND d.organization_id = g.org;
    DELETE FROM login_day d USING (SELECT DISTINCT created_at::date AS day, coalesce(organization_id, '') AS org FROM old_rows WHERE success) g
      WHERE d.day = g.day AND d.organization_id = g.org AND d.success <= 0;
    -- the latest of each name and unit whose rows went, looked up again (none left: the row goes)
    WITH touched AS (
      SELECT DISTINCT coalesce(lower(account_name), '') AS k, coalesce(organization_id, '') AS org FROM old_rows WHERE success
    ), latest AS (
      SELECT t.k, t.org, greatest(
        (SELECT max(l.created_at) FROM login_log l
          WHERE lower(l.account_name) = t.k AND coalesce(l.organization_id, '') = t.org AND l.success),
        (SELECT max(l.created_at) FROM login_log l
          WHERE t.k = '' AND l.account_name IS NULL AND coalesce(l.organization_id, '') = t.org AND l.success)
      ) AS at
      FROM touched t
    ), moved AS (
      UPDATE login_last s SET last_at = latest.at FROM latest
      WHERE s.account_key = latest.k AND s.organization_id = latest.org AND latest.at IS NOT NULL
    )
    DELETE FROM login_last s USING latest
      WHERE s.account_key = latest.k AND s.organization_id = latest.org AND latest.at IS NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO login_day (day, organization_id, success)
      SELECT created_at::date, coalesce(organization_id, ''), count(*)::int FROM new_rows WHERE success GROUP BY 1, 2
      ON CONFLICT (day, organization_id) DO UPDATE SET success = login_day.success + excluded.success;
    INSERT INTO login_last (account_key, organization_id, last_at)
      SELECT coalesce(lower(account_name), ''), coalesce(organization_id, ''), max(created_at) FROM new_rows WHERE success GROUP BY 1, 2
      ON CONFLICT (account_key, organization_id) DO UPDATE SET last_at = greatest(login_last.last_at, excluded.last_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "login_rollup_insert" AFTER INSERT ON "login_log" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION login_rollup();
--> statement-breakpoint
CREATE TRIGGER "login_rollup_delete" AFTER DELETE ON "login_log" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION login_rollup();
--> statement-breakpoint
CREATE TRIGGER "login_rollup_update" AFTER UPDATE ON "login_log" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION login_rollup();
--> statement-breakpoint
-- Before a month of the log is dropped: its successful sign-ins leave the days, and the names whose
-- latest was before its end (older months are gone already) leave login_last.
CREATE OR REPLACE FUNCTION login_rollup_forget(part text, part_end timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'WITH gone AS (SELECT created_at::date AS day, coalesce(organization_id, %L) AS org, count(*)::int AS n FROM %I WHERE success GROUP BY 1, 2)
     UPDATE login_day d SET success = d.success - g.n FROM gone g WHERE d.day = g.day AND d.organization_id = g.org', '', part);
  DELETE FROM login_day WHERE success <= 0;
  DELETE FROM login_last WHERE last_at < part_end;
END
$$;
--> statement-breakpoint
-- the rows already there (the triggers above already count what is written from here on)
INSERT INTO "login_day" ("day", "organization_id", "success")
	SELECT created_at::date, coalesce(organization_id, ''), count(*)::int FROM "login_log" WHERE success GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "login_last" ("account_key", "organization_id", "last_at")
	SELECT coalesce(lower(account_name), ''), coalesce(organization_id, ''), max(created_at) FROM "login_log" WHERE success GROUP BY 1, 2;
