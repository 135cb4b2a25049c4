CREATE TABLE "account_profile" (
	"account_id" text PRIMARY KEY NOT NULL,
	"photo_file_id" text,
	"signature_file_id" text,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_state" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"purpose" text NOT NULL,
	"account_id" text,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "third_party_identity" (
	"identity_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"platform" text NOT NULL,
	"subject" text NOT NULL,
	"union_id" text,
	"nickname" text,
	"avatar_url" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_profile" ADD CONSTRAINT "account_profile_account_id_account_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_identity" ADD CONSTRAINT "third_party_identity_account_id_account_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_state_expires_idx" ON "oauth_state" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_identity_subject_uq" ON "third_party_identity" USING btree ("platform","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_identity_account_uq" ON "third_party_identity" USING btree ("account_id","platform");