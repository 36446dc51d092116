CREATE TABLE "search_counts" (
	"day" date NOT NULL,
	"words_key" text NOT NULL,
	"words" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_counts_day_words_key_pk" PRIMARY KEY("day","words_key"),
	CONSTRAINT "search_counts_count_nonneg" CHECK ("search_counts"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "search_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"words" text NOT NULL,
	"words_key" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_records_words_len_ck" CHECK (char_length("search_records"."words") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_category_feed" (
	"category_id" integer NOT NULL,
	"work_id" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "work_category_feed_category_id_work_id_pk" PRIMARY KEY("category_id","work_id")
);
--> statement-breakpoint
CREATE TABLE "work_search" (
	"work_id" integer PRIMARY KEY NOT NULL,
	"document" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"title_norm" text DEFAULT '' NOT NULL,
	"version" smallint DEFAULT 0 NOT NULL,
	"stale" boolean DEFAULT true NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "works_feed_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "works_feed_version_one_row_ck" CHECK ("works_feed_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "search_records" ADD CONSTRAINT "search_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_category_feed" ADD CONSTRAINT "work_category_feed_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_category_feed" ADD CONSTRAINT "work_category_feed_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_search" ADD CONSTRAINT "work_search_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_records_user_words_uq" ON "search_records" USING btree ("user_id","words_key");--> statement-breakpoint
CREATE INDEX "search_records_user_recent_idx" ON "search_records" USING btree ("user_id","searched_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gist ("term" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_category_feed_newest_idx" ON "work_category_feed" USING btree ("category_id","published_at" DESC NULLS LAST,"work_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "work_category_feed_work_idx" ON "work_category_feed" USING btree ("work_id");--> statement-breakpoint
CREATE INDEX "work_search_document_idx" ON "work_search" USING gin ("document") WHERE "work_search"."visible";--> statement-breakpoint
CREATE INDEX "work_search_stale_idx" ON "work_search" USING btree ("work_id") WHERE "work_search"."stale";--> statement-breakpoint
CREATE INDEX "works_published_likes_idx" ON "works" USING btree ("like_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "works"."status" = 'published' and "works"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "works_published_downloads_idx" ON "works" USING btree ("download_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "works"."status" = 'published' and "works"."deleted_at" is null;