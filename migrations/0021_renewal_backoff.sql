ALTER TABLE "social_accounts" ADD COLUMN "renewal_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "renewal_retry_at" timestamp with time zone;