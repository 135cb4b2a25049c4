-- A sheet template may name the workflow model its filled sheets start when submitted (issue 30); a
-- content keeps the instance it started, and where that instance waits is read from its pending tasks
-- (cell rules at a node apply while it waits there), so the node is no longer stored on the content.
ALTER TABLE "tab_template" ADD COLUMN "wf_model_key" text;
--> statement-breakpoint
ALTER TABLE "tab_content" ADD COLUMN "workflow_instance_id" text;
--> statement-breakpoint
ALTER TABLE "tab_content" DROP COLUMN "workflow_node_id";
