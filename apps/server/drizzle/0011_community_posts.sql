CREATE TABLE "post_likes" (
	"user_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_likes_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_id" integer,
	"topic" text,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"document" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"document_version" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_content_len_ck" CHECK (char_length("posts"."content") between 1 and 1000),
	CONSTRAINT "posts_images_ck" CHECK (jsonb_typeof("posts"."images") = 'array' and jsonb_array_length("posts"."images") <= 9),
	CONSTRAINT "posts_topic_len_ck" CHECK ("posts"."topic" is null or char_length("posts"."topic") between 1 and 20),
	CONSTRAINT "posts_like_count_nonneg" CHECK ("posts"."like_count" >= 0),
	CONSTRAINT "posts_comment_count_nonneg" CHECK ("posts"."comment_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_ck";--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "work_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "post_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "post_id" integer;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_likes_post_idx" ON "post_likes" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "posts_newest_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_user_newest_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_document_idx" ON "posts" USING gin ("document");--> statement-breakpoint
CREATE INDEX "posts_work_idx" ON "posts" USING btree ("work_id");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_post_top_idx" ON "comments" USING btree ("post_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."parent_id" is null and "comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "comments_post_live_idx" ON "comments" USING btree ("post_id") WHERE "comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "comments_user_created_idx" ON "comments" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_subject_ck" CHECK (num_nonnulls("comments"."work_id", "comments"."post_id") = 1);--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_ck" CHECK ("files"."kind" in ('avatar', 'cover', 'ai', 'feedback', 'instruction', 'design', 'post'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject_ck" CHECK ("notifications"."work_id" is null or "notifications"."post_id" is null);