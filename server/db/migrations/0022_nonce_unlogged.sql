-- Nonces only need to outlive the signature window (minutes): an unlogged table writes no WAL, so a
-- signed request's nonce insert commits without waiting for a WAL flush. After a server crash the
-- table is empty — a request captured before the crash could be replayed until its timestamp leaves
-- the window (DESIGN §2's 5 minutes), which the timestamp check still bounds.
ALTER TABLE "nonce" SET UNLOGGED;
