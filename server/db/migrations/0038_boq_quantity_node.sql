-- A bill-of-quantities item is picked from the quantity dictionary (issue 33): the entry it is of, its name and
-- unit copied from it when the item is written. Items written before keep their texts and no entry (null).
ALTER TABLE "boq_item" ADD COLUMN "quantity_node_id" text REFERENCES "dict_node"("node_id");
--> statement-breakpoint
CREATE INDEX "boq_item_quantity_node_idx" ON "boq_item" ("quantity_node_id");
