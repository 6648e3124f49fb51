CREATE TABLE "published_releases" (
	"id" text PRIMARY KEY NOT NULL,
	"pages" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
