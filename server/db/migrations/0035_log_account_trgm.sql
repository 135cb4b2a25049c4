-- The login log's account filter is a contains match (account_name ILIKE '%…%', issue 32): no btree serves it,
-- so a 30-day query of one account counted its page total by reading every row of the range (1,000,000 rows:
-- ~0.5 s). A trigram index (pg_trgm, GIN) answers it from the index on both databases: the embedded one loads
-- the extension (server/db/client.ts), PostgreSQL 15 ships it in contrib and trusts it (CREATE on the database
-- is enough). Where it cannot be created (no contrib package, no privilege), the migration goes on without the
-- index and the filter stays correct, only slower.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE WARNING 'pg_trgm is not available (%): the login log''s account filter goes without its index', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    -- on the partitioned table: every month's partition gets it, also the ones created later
    EXECUTE 'CREATE INDEX IF NOT EXISTS "login_log_account_trgm_idx" ON "login_log" USING gin ("account_name" gin_trgm_ops)';
  END IF;
END
$$;
