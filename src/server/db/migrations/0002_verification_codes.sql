CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"specification_id" integer NOT NULL,
	"check_count" integer DEFAULT 0 NOT NULL,
	"first_checked_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_specification_id_specifications_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."specifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_codes_specification_idx" ON "verification_codes" USING btree ("specification_id");