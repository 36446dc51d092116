CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"subtitle_en" text DEFAULT '' NOT NULL,
	"subtitle_zh" text DEFAULT '' NOT NULL,
	"button_text_en" text DEFAULT '' NOT NULL,
	"button_text_zh" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"title_link" text DEFAULT '' NOT NULL,
	"icon_type" text DEFAULT 'default' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "banners_type_ck" CHECK ("banners"."type" in (1, 2)),
	CONSTRAINT "banners_icon_type_ck" CHECK ("banners"."icon_type" in ('premium', 'exclusive', 'coupon', 'default'))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "machines_kind_ck" CHECK ("machines"."kind" in ('fdm', 'resin', 'laser', 'uv', 'cutter'))
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_works" (
	"collection_id" integer NOT NULL,
	"work_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_works_collection_id_work_id_pk" PRIMARY KEY("collection_id","work_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT 'confidential' NOT NULL,
	"birthday" date,
	"bio" text DEFAULT '' NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_points_nonneg" CHECK ("users"."points" >= 0),
	CONSTRAINT "users_gender_ck" CHECK ("users"."gender" in ('male', 'female', 'confidential')),
	CONSTRAINT "users_role_ck" CHECK ("users"."role" in ('user', 'moderator', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "work_categories" (
	"work_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "work_categories_work_id_category_id_pk" PRIMARY KEY("work_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "works" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"cover" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(10, 2) DEFAULT '0' NOT NULL,
	"original_price" numeric(10, 2) DEFAULT '0' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'original' NOT NULL,
	"source_url" text DEFAULT '' NOT NULL,
	"software" text DEFAULT '' NOT NULL,
	"machine_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"apply_dev" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_material" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"project_file" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachment" text DEFAULT '' NOT NULL,
	"instruction_pdf" jsonb,
	"is_ai_assisted" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'in_review' NOT NULL,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"favor_count" integer DEFAULT 0 NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "works_status_ck" CHECK ("works"."status" in ('in_review', 'published', 'rejected')),
	CONSTRAINT "works_source_ck" CHECK ("works"."source" in ('original', 'remix')),
	CONSTRAINT "works_level_ck" CHECK ("works"."level" between 0 and 2),
	CONSTRAINT "works_counts_nonneg" CHECK ("works"."like_count" >= 0 and "works"."favor_count" >= 0 and "works"."download_count" >= 0 and "works"."comment_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_group_id_machine_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."machine_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_works" ADD CONSTRAINT "collection_works_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_works" ADD CONSTRAINT "collection_works_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_categories" ADD CONSTRAINT "work_categories_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_categories" ADD CONSTRAINT "work_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_type_sort_idx" ON "banners" USING btree ("type","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_uq" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "machine_groups_slug_uq" ON "machine_groups" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "machines_slug_uq" ON "machines" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "machines_group_idx" ON "machines" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "materials_slug_uq" ON "materials" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "collection_works_work_idx" ON "collection_works" USING btree ("work_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "work_categories_category_idx" ON "work_categories" USING btree ("category_id","work_id");--> statement-breakpoint
CREATE INDEX "works_user_idx" ON "works" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "works_published_idx" ON "works" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "works"."status" = 'published' and "works"."deleted_at" is null;