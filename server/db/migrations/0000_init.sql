CREATE TABLE "access_token" (
	"access_token_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"session_id" text NOT NULL,
	"app_code" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "access_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "account" (
	"account_id" text PRIMARY KEY NOT NULL,
	"account_name" text NOT NULL,
	"user_name" text,
	"cellphone" text,
	"email" text,
	"level" text DEFAULT 'general' NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"locked_until" timestamp with time zone,
	"password_hash" text NOT NULL,
	"valid_until" timestamp with time zone,
	"organization_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "account_role" (
	"account_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "account_role_account_id_role_id_pk" PRIMARY KEY("account_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "application" (
	"application_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"url" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"principal" text,
	"principal_phone" text,
	"industry" text,
	"major" text,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "application_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "application_menu" (
	"application_menu_id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"parent_id" text,
	"menu_name" text NOT NULL,
	"action" text,
	"icon_path" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "application_menu_function" (
	"application_menu_function_id" text PRIMARY KEY NOT NULL,
	"application_menu_id" text NOT NULL,
	"function_name" text NOT NULL,
	"function_action" text NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "idempotency" (
	"account_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "login_failure" (
	"name_key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_log" (
	"login_log_id" text PRIMARY KEY NOT NULL,
	"account_name" text,
	"ip" text,
	"carrier" text,
	"success" boolean NOT NULL,
	"code" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nonce" (
	"access_token_id" text NOT NULL,
	"nonce" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nonce_access_token_id_nonce_pk" PRIMARY KEY("access_token_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "operate_log" (
	"operate_log_id" text PRIMARY KEY NOT NULL,
	"account_name" text,
	"app_code" text,
	"menu_id" text,
	"function_id" text,
	"uri" text,
	"method" text,
	"status_code" integer,
	"duration_ms" integer,
	"content" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"organization_type_id" text,
	"organization_name" text NOT NULL,
	"short_name" text,
	"credit_code" text,
	"status" integer DEFAULT 1 NOT NULL,
	"legal_person" text,
	"contact_person" text,
	"contact_phone" text,
	"address" text,
	"email" text,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "organization_type" (
	"organization_type_id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"type_name" text NOT NULL,
	"type_code" text NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "organization_type_type_code_unique" UNIQUE("type_code")
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"role_id" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"role_name" text NOT NULL,
	"remark" text,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"data_scope" text DEFAULT 'own' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "role_menu" (
	"role_id" text NOT NULL,
	"application_menu_id" text NOT NULL,
	CONSTRAINT "role_menu_role_id_application_menu_id_pk" PRIMARY KEY("role_id","application_menu_id")
);
--> statement-breakpoint
CREATE TABLE "role_menu_function" (
	"role_id" text NOT NULL,
	"application_menu_function_id" text NOT NULL,
	CONSTRAINT "role_menu_function_role_id_application_menu_function_id_pk" PRIMARY KEY("role_id","application_menu_function_id")
);
--> statement-breakpoint
CREATE TABLE "rsa_key" (
	"key_id" text PRIMARY KEY NOT NULL,
	"slot" integer NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rsa_key_slot_unique" UNIQUE("slot")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"session_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"carrier" text,
	CONSTRAINT "session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "system_log" (
	"system_log_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"account_name" text,
	"app_code" text,
	"ip" text,
	"uri" text,
	"method" text,
	"code" integer,
	"content" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify_code" (
	"verify_code_id" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_token" ADD CONSTRAINT "access_token_session_id_session_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_role" ADD CONSTRAINT "account_role_account_id_account_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_role" ADD CONSTRAINT "account_role_role_id_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_menu" ADD CONSTRAINT "application_menu_application_id_application_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_menu_function" ADD CONSTRAINT "application_menu_function_application_menu_id_application_menu_application_menu_id_fk" FOREIGN KEY ("application_menu_id") REFERENCES "public"."application_menu"("application_menu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization" ADD CONSTRAINT "organization_organization_type_id_organization_type_organization_type_id_fk" FOREIGN KEY ("organization_type_id") REFERENCES "public"."organization_type"("organization_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_organization_id_organization_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menu" ADD CONSTRAINT "role_menu_role_id_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menu" ADD CONSTRAINT "role_menu_application_menu_id_application_menu_application_menu_id_fk" FOREIGN KEY ("application_menu_id") REFERENCES "public"."application_menu"("application_menu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menu_function" ADD CONSTRAINT "role_menu_function_role_id_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menu_function" ADD CONSTRAINT "role_menu_function_application_menu_function_id_application_menu_function_application_menu_function_id_fk" FOREIGN KEY ("application_menu_function_id") REFERENCES "public"."application_menu_function"("application_menu_function_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_token_session_idx" ON "access_token" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_name_uq" ON "account" USING btree (lower("account_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "account_cellphone_uq" ON "account" USING btree ("cellphone");--> statement-breakpoint
CREATE INDEX "account_role_role_idx" ON "account_role" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "application_menu_app_idx" ON "application_menu" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "application_menu_parent_idx" ON "application_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_function_action_uq" ON "application_menu_function" USING btree ("application_menu_id","function_action");--> statement-breakpoint
CREATE INDEX "idempotency_created_idx" ON "idempotency" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_log_created_idx" ON "login_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "nonce_seen_idx" ON "nonce" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "operate_log_created_idx" ON "operate_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "organization_parent_idx" ON "organization" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_name_uq" ON "organization" USING btree ("organization_name");--> statement-breakpoint
CREATE INDEX "session_account_idx" ON "session" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "system_log_created_idx" ON "system_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verify_code_target_idx" ON "verify_code" USING btree ("target","purpose");