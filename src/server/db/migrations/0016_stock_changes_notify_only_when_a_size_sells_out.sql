-- Every order takes stock, and a notification makes every process drop everything it keeps: during a
-- sale the catalogue cache was emptied by each order, and the orders' commits queued on PostgreSQL's
-- notification lock. A change of stock now notifies only when a size sells out or comes back (what
-- the kept answers show of stock: in stock or not); every other change to a size still notifies. The
-- counts themselves are read live where they are shown or decided on (docs/decisions/068).
-- A column added to "specifications" must be added to the list below.
DROP TRIGGER specifications_changed ON specifications;
--> statement-breakpoint
CREATE TRIGGER specifications_changed AFTER INSERT OR DELETE OR TRUNCATE ON specifications FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER specifications_edited AFTER UPDATE OF id, goods_id, sku, position, points_price ON specifications FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER specifications_sold_out_or_back AFTER UPDATE OF stock ON specifications FOR EACH ROW
  WHEN ((OLD.stock > 0) IS DISTINCT FROM (NEW.stock > 0)) EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
-- Shipping zones, methods and tax rates are kept too (checkout prices every order with them).
CREATE TRIGGER shipping_zones_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_zones FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER shipping_methods_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_methods FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER tax_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tax_rates FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
