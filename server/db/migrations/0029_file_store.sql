-- Files in the shared store (TRESTLE_FILE_STORE=database, the default on a PostgreSQL server): their
-- bytes in 256 KiB pieces beside the metadata, so every gateway on the database serves every file.
ALTER TABLE "user_common_file" ADD COLUMN "store" text DEFAULT 'disk' NOT NULL;--> statement-breakpoint
CREATE TABLE "file_chunk" (
	"file_id" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" bytea NOT NULL,
	CONSTRAINT "file_chunk_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
