CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"suggestion" text NOT NULL,
	"contact" text,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"locale" text NOT NULL,
	"ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_suggestion_ck" CHECK (char_length("feedback"."suggestion") between 1 and 100 and btrim("feedback"."suggestion") <> ''),
	CONSTRAINT "feedback_contact_len_ck" CHECK (char_length("feedback"."contact") <= 254),
	CONSTRAINT "feedback_pictures_ck" CHECK (jsonb_typeof("feedback"."pictures") = 'array' and jsonb_array_length("feedback"."pictures") <= 9),
	CONSTRAINT "feedback_status_ck" CHECK ("feedback"."status" in ('open', 'answered', 'closed')),
	CONSTRAINT "feedback_locale_ck" CHECK ("feedback"."locale" in ('zh', 'en'))
);
--> statement-breakpoint
CREATE TABLE "feedback_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip_hash" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_status_newest_idx" ON "feedback" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_uploads_ip_url_uq" ON "feedback_uploads" USING btree ("ip_hash","url");--> statement-breakpoint
CREATE INDEX "feedback_uploads_created_idx" ON "feedback_uploads" USING btree ("created_at");