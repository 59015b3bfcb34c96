ALTER TABLE "media" ADD COLUMN "pages" integer;--> statement-breakpoint
ALTER TABLE "post_edit_targets" ADD COLUMN "items" jsonb;