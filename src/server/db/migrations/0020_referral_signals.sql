CREATE TABLE "customer_browsers" (
	"user_id" integer NOT NULL,
	"browser_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_browsers_user_id_browser_hash_pk" PRIMARY KEY("user_id","browser_hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_id" text;--> statement-breakpoint
ALTER TABLE "customer_browsers" ADD CONSTRAINT "customer_browsers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree ("payer_id");