CREATE TABLE "disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "disputes_provider_dispute_id_unique" UNIQUE("provider_dispute_id")
);
--> statement-breakpoint
CREATE TABLE "energy_debts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	"outstanding" integer NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "energy_debts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "energy_debts_outstanding_range" CHECK ("energy_debts"."outstanding" >= 0 AND "energy_debts"."outstanding" <= "energy_debts"."points")
);
--> statement-breakpoint
CREATE TABLE "payment_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"provider_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rebate_released_at" timestamp with time zone;--> statement-breakpoint
-- Orders completed before pending rebates existed were credited at completion.
UPDATE "orders" SET "rebate_released_at" = "completed_at" WHERE "completed_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral_review" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral_signals" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_request_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_due_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_debts" ADD CONSTRAINT "energy_debts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_movements" ADD CONSTRAINT "payment_movements_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_order_idx" ON "disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "energy_debts_user_idx" ON "energy_debts" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_movements_event_idx" ON "payment_movements" USING btree ("payment_id","provider_id");