ALTER TABLE "post_targets" ADD COLUMN "first_comment_text" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "first_comment_state" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "first_comment_id" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "first_comment_url" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "first_comment_error" jsonb;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "first_comment_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "first_comment_credit_source" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_comment" jsonb;--> statement-breakpoint
CREATE INDEX "post_targets_first_comment_waiting_idx" ON "post_targets" USING btree ("first_comment_state","first_comment_started_at") WHERE first_comment_state in ('pending', 'sending');