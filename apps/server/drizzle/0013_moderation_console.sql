CREATE TABLE "moderation_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_action_ck" CHECK ("moderation_actions"."action" in ('work_approve', 'work_reject', 'user_suspend', 'user_unsuspend', 'user_role', 'report_status', 'feedback_status', 'post_delete', 'comment_delete', 'sensitive_words')),
	CONSTRAINT "moderation_actions_item_kind_ck" CHECK ("moderation_actions"."item_kind" in ('work', 'post', 'comment', 'user', 'report', 'feedback', 'sensitive_words'))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_item_kind_ck" CHECK ("reports"."item_kind" in ('work', 'post', 'comment')),
	CONSTRAINT "reports_reason_ck" CHECK ("reports"."reason" in ('spam', 'abuse', 'sexual', 'violence', 'illegal', 'copyright', 'other')),
	CONSTRAINT "reports_status_ck" CHECK ("reports"."status" in ('open', 'resolved', 'dismissed')),
	CONSTRAINT "reports_detail_len_ck" CHECK (char_length("reports"."detail") <= 500)
);
--> statement-breakpoint
CREATE TABLE "sensitive_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensitive_words_word_ck" CHECK (char_length("sensitive_words"."word") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_by" integer;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD CONSTRAINT "sensitive_words_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_item_idx" ON "moderation_actions" USING btree ("item_kind","item_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_actions_newest_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_actions_actor_idx" ON "moderation_actions" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_uq" ON "reports" USING btree ("reporter_id","item_kind","item_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_status_newest_idx" ON "reports" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_item_idx" ON "reports" USING btree ("item_kind","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_words_word_uq" ON "sensitive_words" USING btree ("word");