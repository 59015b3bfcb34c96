DROP INDEX "post_targets_first_comment_waiting_idx";--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "first_comment_poll_token" text;--> statement-breakpoint
CREATE INDEX "post_targets_first_comment_waiting_idx" ON "post_targets" USING btree ("first_comment_state","first_comment_started_at") WHERE first_comment_state in ('pending', 'sending', 'processing');