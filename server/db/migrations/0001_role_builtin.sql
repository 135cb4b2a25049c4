ALTER TABLE "role" ADD COLUMN "builtin" text;--> statement-breakpoint
-- Data directories seeded before this column: the seeded system administrator role.
UPDATE "role" SET "builtin" = 'sysadmin' WHERE "role_name" = '系统管理员' AND "create_by" = 'system';
