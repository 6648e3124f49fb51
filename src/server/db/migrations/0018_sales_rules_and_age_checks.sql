CREATE TABLE "age_check_regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"region" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "age_check_regions_region_unique" UNIQUE("region")
);
--> statement-breakpoint
CREATE TABLE "age_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"check_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
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
ALTER TABLE "age_checks" ADD CONSTRAINT "age_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_rules" ADD CONSTRAINT "sales_rules_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "age_checks_provider_check_idx" ON "age_checks" USING btree ("provider","check_id");--> statement-breakpoint
CREATE INDEX "age_checks_user_idx" ON "age_checks" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_rules_subject_idx" ON "sales_rules" USING btree ("pay_method","category",coalesce("goods_id", 0),"region");--> statement-breakpoint
-- Sales rules are read with the delivery rules at every quote and order: a change notifies every process (docs/decisions/077-sales-rules.md).
CREATE TRIGGER sales_rules_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sales_rules FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER age_check_regions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON age_check_regions FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
