ALTER TABLE "specifications" ADD COLUMN "picture_index" smallint;
--> statement-breakpoint
-- The picture an option names is part of what the kept catalogue shows: a change to it notifies (0016).
DROP TRIGGER specifications_edited ON specifications;
--> statement-breakpoint
CREATE TRIGGER specifications_edited AFTER UPDATE OF id, goods_id, sku, position, points_price, picture_index ON specifications FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
