ALTER TABLE "app_credentials" ADD COLUMN "products" jsonb;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "warnings" jsonb;