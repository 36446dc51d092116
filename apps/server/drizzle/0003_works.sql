CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeals_status_ck" CHECK ("appeals"."status" in ('open', 'accepted', 'rejected')),
	CONSTRAINT "appeals_reason_ck" CHECK (length(btrim("appeals"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"url" text NOT NULL,
	"filename" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"kind" text NOT NULL,
	"thumbnail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_size_nonneg" CHECK ("files"."size" >= 0),
	CONSTRAINT "files_sha256_ck" CHECK ("files"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "files_kind_ck" CHECK ("files"."kind" in ('avatar', 'cover', 'ai', 'feedback', 'instruction', 'design'))
);
--> statement-breakpoint
CREATE TABLE "work_downloads" (
	"work_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_downloads_work_id_user_id_day_pk" PRIMARY KEY("work_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "work_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_id" integer NOT NULL,
	"reviewer_id" integer,
	"decision" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_reviews_decision_ck" CHECK ("work_reviews"."decision" in ('approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_downloads" ADD CONSTRAINT "work_downloads_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_downloads" ADD CONSTRAINT "work_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_reviews" ADD CONSTRAINT "work_reviews_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_reviews" ADD CONSTRAINT "work_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_one_open_per_work_uq" ON "appeals" USING btree ("work_id") WHERE "appeals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "appeals_work_idx" ON "appeals" USING btree ("work_id","created_at");--> statement-breakpoint
CREATE INDEX "appeals_user_idx" ON "appeals" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_user_kind_url_uq" ON "files" USING btree ("user_id","kind","url");--> statement-breakpoint
CREATE INDEX "files_user_url_idx" ON "files" USING btree ("user_id","url");--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "work_downloads_user_idx" ON "work_downloads" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "work_reviews_work_idx" ON "work_reviews" USING btree ("work_id","created_at");--> statement-breakpoint
CREATE INDEX "works_author_published_idx" ON "works" USING btree ("user_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "works"."status" = 'published' and "works"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "works_status_updated_idx" ON "works" USING btree ("status","updated_at","id") WHERE "works"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_title_len_ck" CHECK (char_length("works"."title") between 1 and 100);--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_summary_len_ck" CHECK (char_length("works"."summary") <= 2000);--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_remix_source_ck" CHECK ("works"."source" <> 'remix' or "works"."source_url" <> '');--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_list_lengths_ck" CHECK (jsonb_array_length("works"."cover") <= 9 and jsonb_array_length("works"."project_file") <= 20 and jsonb_array_length("works"."tags") <= 20 and jsonb_array_length("works"."use_material") <= 30);--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_published_at_ck" CHECK ("works"."status" <> 'published' or "works"."published_at" is not null);