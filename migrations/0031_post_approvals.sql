ALTER TABLE "posts" ADD COLUMN "approval" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "require_approval" boolean;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "require_approval" boolean DEFAULT false NOT NULL;