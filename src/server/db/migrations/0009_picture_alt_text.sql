CREATE TABLE "goods_picture_texts" (
	"picture_id" integer NOT NULL,
	"language" text NOT NULL,
	"alt" text NOT NULL,
	CONSTRAINT "goods_picture_texts_picture_id_language_pk" PRIMARY KEY("picture_id","language")
);
--> statement-breakpoint
ALTER TABLE "goods_picture_texts" ADD CONSTRAINT "goods_picture_texts_picture_id_goods_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."goods_pictures"("id") ON DELETE cascade ON UPDATE no action;