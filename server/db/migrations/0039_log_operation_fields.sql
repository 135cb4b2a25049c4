-- The operation log says what the gateway did (issue 33): the operation a route performs (`op`, a function
-- action of src/contract/catalogue.ts, put in words by src/contract/logWords.ts) and the menu the route
-- belongs to (`menu_path`). The system log carries SPEC's fields too (menu, action, service, status = code,
-- request, response, duration), for its security events and the gateway's own work.
ALTER TABLE "operate_log" ADD COLUMN "op" text;
--> statement-breakpoint
ALTER TABLE "operate_log" ADD COLUMN "menu_path" text;
--> statement-breakpoint
ALTER TABLE "system_log" ADD COLUMN "menu_path" text;
--> statement-breakpoint
ALTER TABLE "system_log" ADD COLUMN "action" text;
--> statement-breakpoint
ALTER TABLE "system_log" ADD COLUMN "service" text;
--> statement-breakpoint
ALTER TABLE "system_log" ADD COLUMN "request" text;
--> statement-breakpoint
ALTER TABLE "system_log" ADD COLUMN "response" text;
--> statement-breakpoint
ALTER TABLE "system_log" ADD COLUMN "duration_ms" integer;
