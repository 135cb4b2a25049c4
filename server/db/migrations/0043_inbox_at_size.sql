-- The message centre at size (issue 32, bench part `lists`: an auditor with 100,000 messages).
-- An account's page is ordered unread first, then newest event first: read from this index in that
-- order, the first page reads 20 index entries instead of sorting every message of the account, and
-- the unread count reads the account's unread entries only.
CREATE INDEX IF NOT EXISTS "msg_inbox_account_order_idx" ON "msg_inbox" ("account_id", ("read_at" IS NULL), "event_id");
--> statement-breakpoint
-- The keyword search is a contains match over the title and content in both languages: one column, case
-- folded once when the row is written, instead of four ILIKEs folding every row's text on every search.
ALTER TABLE "msg_inbox" ADD COLUMN IF NOT EXISTS "search_text" text
  GENERATED ALWAYS AS (lower("title_zh" || E'\n' || "title_en" || E'\n' || "content_zh" || E'\n' || "content_en")) STORED;
--> statement-breakpoint
-- A keyword of three characters or more is answered from a trigram index of it (pg_trgm, as the login
-- log's account names: migration 0035); where the extension cannot be created the search stays correct,
-- only slower. A PostgreSQL server whose database has the C ctype leaves Chinese characters out of its
-- trigrams (the embedded database does not): there a Chinese keyword reads the account's messages.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE WARNING 'pg_trgm is not available (%): the message centre''s keyword search goes without its index', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS "msg_inbox_search_trgm_idx" ON "msg_inbox" USING gin ("search_text" gin_trgm_ops)';
  END IF;
END
$$;
