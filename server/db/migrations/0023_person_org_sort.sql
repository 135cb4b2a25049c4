-- A unit's staff in list order with their ids, from the index alone: a page of a unit (or of a unit
-- with its sub-units) is chosen by an index-only scan, without visiting the rows.
DROP INDEX IF EXISTS "person_org_idx";--> statement-breakpoint
CREATE INDEX "person_org_idx" ON "person" USING btree ("organization_id","sort","user_id");
