-- The message centre at size (issue 32, bench part `lists`): an account's page is ordered unread first,
-- then newest event first — read from this index in that order, so the first page of an account with
-- 100,000 messages reads 20 index entries instead of sorting all of them; the unread count reads the
-- account's unread entries only.
CREATE INDEX IF NOT EXISTS "msg_inbox_account_order_idx" ON "msg_inbox" ("account_id", ("read_at" IS NULL), "event_id");
