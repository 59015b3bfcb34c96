ALTER TABLE "jobs" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "post_id" text;