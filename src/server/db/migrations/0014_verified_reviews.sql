CREATE TABLE "review_requests" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "specification_id" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "shown_as" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_request_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_specification_id_specifications_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."specifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comments_customer_size_idx" ON "comments" USING btree ("customer_id","specification_id");--> statement-breakpoint
CREATE INDEX "comments_state_idx" ON "comments" USING btree ("state","created_at");