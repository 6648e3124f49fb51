ALTER TABLE "payments" ADD COLUMN "refund_request_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "captured_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "captured_currency" text;