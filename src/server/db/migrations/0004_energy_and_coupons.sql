CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"owner_id" integer NOT NULL,
	"specification_id" integer NOT NULL,
	"points" integer NOT NULL,
	"status" text DEFAULT 'unused' NOT NULL,
	"activated_by" integer,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_points_positive" CHECK ("coupons"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "energy_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"deduction_points" integer DEFAULT 0 NOT NULL,
	"transaction_no" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "energy_records_transaction_no_unique" UNIQUE("transaction_no"),
	CONSTRAINT "energy_records_reference_unique" UNIQUE("reference"),
	CONSTRAINT "energy_records_points_non_zero" CHECK ("energy_records"."points" <> 0),
	CONSTRAINT "energy_records_balance_non_negative" CHECK ("energy_records"."balance_after" >= 0),
	CONSTRAINT "energy_records_deduction" CHECK ("energy_records"."deduction_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "share_visits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"last_visited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "energy_points" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_specification_id_specifications_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."specifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_records" ADD CONSTRAINT "energy_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_visits" ADD CONSTRAINT "share_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_owner_idx" ON "coupons" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "coupons_status_expires_idx" ON "coupons" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "energy_records_user_idx" ON "energy_records" USING btree ("user_id","id");