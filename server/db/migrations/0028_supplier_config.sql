-- Delivery services (SPEC §7 supplier, supplierConfig; issue 33): the mail server and the SMS webhook,
-- one row per kind for the installation. `secret` (the SMTP password, the SMS token) is sealed with
-- AES-256-GCM by the gateway (server/lib/secretBox.ts); it is never stored in plaintext.
CREATE TABLE IF NOT EXISTS "supplier_config" (
	"kind" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"secret" text,
	"version" integer DEFAULT 0 NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" text,
	CONSTRAINT "supplier_config_kind_ck" CHECK ("kind" IN ('mail', 'sms'))
);
--> statement-breakpoint
SELECT trestle_version_triggers();
