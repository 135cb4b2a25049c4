-- Exactly once through a crash (issue 31): a large Excel import runs as a job of the jobs table, batch by
-- batch; each batch's rows commit with the job's progress, the errors found so far included, so a runner on
-- another gateway resumes from the committed progress. `caller`: what the row writer needs of the caller.
ALTER TABLE "import_job" ADD COLUMN "errors" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "caller" jsonb;
