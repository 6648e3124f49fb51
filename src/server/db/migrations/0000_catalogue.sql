CREATE TABLE "advert_texts" (
	"advert_id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "advert_texts_advert_id_language_pk" PRIMARY KEY("advert_id","language")
);
--> statement-breakpoint
CREATE TABLE "adverts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"position" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"link" text DEFAULT '/' NOT NULL,
	"picture_key" text,
	"picture_width" integer,
	"picture_height" integer,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "adverts_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"answer" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"author_name" text NOT NULL,
	"language" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_rating_range" CHECK ("comments"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"arrived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "goods_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_texts" (
	"goods_id" integer NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "goods_texts_goods_id_language_pk" PRIMARY KEY("goods_id","language")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specification_prices" (
	"specification_id" integer NOT NULL,
	"currency" text NOT NULL,
	"unit_price" integer NOT NULL,
	"original_price" integer,
	CONSTRAINT "specification_prices_specification_id_currency_pk" PRIMARY KEY("specification_id","currency"),
	CONSTRAINT "specification_prices_positive" CHECK ("specification_prices"."unit_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "specification_texts" (
	"specification_id" integer NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "specification_texts_specification_id_language_pk" PRIMARY KEY("specification_id","language")
);
--> statement-breakpoint
CREATE TABLE "specifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"sku" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"points_price" integer,
	CONSTRAINT "specifications_sku_unique" UNIQUE("sku"),
	CONSTRAINT "specifications_stock_non_negative" CHECK ("specifications"."stock" >= 0),
	CONSTRAINT "specifications_points_positive" CHECK ("specifications"."points_price" IS NULL OR "specifications"."points_price" > 0)
);
--> statement-breakpoint
ALTER TABLE "advert_texts" ADD CONSTRAINT "advert_texts_advert_id_adverts_id_fk" FOREIGN KEY ("advert_id") REFERENCES "public"."adverts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_pictures" ADD CONSTRAINT "goods_pictures_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_texts" ADD CONSTRAINT "goods_texts_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specification_prices" ADD CONSTRAINT "specification_prices_specification_id_specifications_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."specifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specification_texts" ADD CONSTRAINT "specification_texts_specification_id_specifications_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."specifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specifications" ADD CONSTRAINT "specifications_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adverts_position_idx" ON "adverts" USING btree ("position","sort");--> statement-breakpoint
CREATE INDEX "captchas_expires_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "comments_goods_idx" ON "comments" USING btree ("goods_id","created_at");--> statement-breakpoint
CREATE INDEX "goods_category_idx" ON "goods" USING btree ("category");--> statement-breakpoint
CREATE INDEX "goods_arrived_idx" ON "goods" USING btree ("arrived_at");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_pictures_position_idx" ON "goods_pictures" USING btree ("goods_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_idx" ON "newsletter_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "specifications_goods_idx" ON "specifications" USING btree ("goods_id");