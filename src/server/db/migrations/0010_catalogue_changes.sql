-- Every change to what the public reads show (products, their texts, pictures, sizes, prices and stock,
-- reviews, adverts) tells the shop's processes on commit, so each can drop the answers it keeps
-- (src/server/db/catalogue-cache.ts). PostgreSQL sends one notification per transaction however many
-- statements raised it, and none for a transaction rolled back.
CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER goods_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON goods FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER goods_texts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON goods_texts FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER goods_pictures_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON goods_pictures FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER goods_picture_texts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON goods_picture_texts FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER specifications_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON specifications FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER specification_texts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON specification_texts FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER specification_prices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON specification_prices FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER comments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON comments FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER adverts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON adverts FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER advert_texts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON advert_texts FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
