CREATE TABLE "sales_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"pay_method" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"goods_id" integer,
	"region" text NOT NULL,
	"allowed" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_rules_one_subject" CHECK (("sales_rules"."category" = '') = ("sales_rules"."goods_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "sales_rules" ADD CONSTRAINT "sales_rules_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_rules_subject_idx" ON "sales_rules" USING btree ("pay_method","category",coalesce("goods_id", 0),"region");--> statement-breakpoint
-- Sales rules are read with the delivery rules at every quote and order: a change notifies every process (docs/decisions/077-sales-rules.md).
CREATE TRIGGER sales_rules_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sales_rules FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
