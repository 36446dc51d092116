CREATE TABLE "ai_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"params" jsonb NOT NULL,
	"engine" text NOT NULL,
	"stage" text,
	"percent" smallint DEFAULT 0 NOT NULL,
	"cost" integer NOT NULL,
	"result_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result_text" text,
	"error_reason" text,
	"error_message" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"worker_id" text,
	"cancel_requested_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "ai_jobs_state_ck" CHECK ("ai_jobs"."state" in ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
	CONSTRAINT "ai_jobs_percent_ck" CHECK ("ai_jobs"."percent" between 0 and 100),
	CONSTRAINT "ai_jobs_cost_ck" CHECK ("ai_jobs"."cost" >= 0),
	CONSTRAINT "ai_jobs_attempts_ck" CHECK ("ai_jobs"."attempts" >= 0),
	CONSTRAINT "ai_jobs_finished_ck" CHECK (("ai_jobs"."state" in ('queued', 'running')) = ("ai_jobs"."finished_at" is null)),
	CONSTRAINT "ai_jobs_refund_ck" CHECK ("ai_jobs"."refunded_at" is null or "ai_jobs"."state" in ('failed', 'cancelled')),
	CONSTRAINT "ai_jobs_stage_ck" CHECK ("ai_jobs"."stage" is null or "ai_jobs"."stage" in ('initialising', 'loading_components', 'generating_mesh', 'processing_texture', 'saving', 'almost_done', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD CONSTRAINT "ai_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_jobs_user_created_idx" ON "ai_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_jobs_queued_idx" ON "ai_jobs" USING btree ("created_at") WHERE "ai_jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "ai_jobs_running_idx" ON "ai_jobs" USING btree ("heartbeat_at") WHERE "ai_jobs"."state" = 'running';