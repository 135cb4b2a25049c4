-- A message configuration belongs to a unit (issue 28): it is read, changed and sent within the caller's data
-- scope. A configuration without an existing unit takes its creator's unit, else its last editor's; one whose
-- accounts have no unit either stays without (the platform's: seen by a data scope of all only). A unit that
-- still owns configurations is not deleted. Names are unique within a unit and kind.
UPDATE "msg_config" c SET "organization_id" = COALESCE(
  (SELECT a."organization_id" FROM "account" a JOIN "organization" o ON o."organization_id" = a."organization_id"
    WHERE a."account_id" = c."create_by"),
  (SELECT a."organization_id" FROM "account" a JOIN "organization" o ON o."organization_id" = a."organization_id"
    WHERE a."account_id" = c."update_by")
)
WHERE c."organization_id" IS NULL
  OR NOT EXISTS (SELECT 1 FROM "organization" o WHERE o."organization_id" = c."organization_id");
--> statement-breakpoint
ALTER TABLE "msg_config" ADD CONSTRAINT "msg_config_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "msg_config_name_uq";
--> statement-breakpoint
ALTER TABLE "msg_config" ADD CONSTRAINT "msg_config_name_uq" UNIQUE NULLS NOT DISTINCT ("kind", "organization_id", "config_name");
