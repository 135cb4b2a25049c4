ALTER TABLE "event_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "event_outbox_dedupe_uq" ON "event_outbox" USING btree ("dedupe_key") WHERE dedupe_key is not null;
