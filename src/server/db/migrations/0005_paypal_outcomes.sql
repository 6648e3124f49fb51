ALTER TABLE "payments" ADD COLUMN "held_capture_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_action_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_id" text;