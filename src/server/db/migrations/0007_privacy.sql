ALTER TABLE "users" ADD COLUMN "show_item_names_in_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;