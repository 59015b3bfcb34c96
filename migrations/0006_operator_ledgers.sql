ALTER TABLE "api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "credits_purchased" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "test_credits_monthly" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "test_credits_period" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "test_credits_pack" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Before this migration one pack balance held granted and purchased credits alike; a workspace that
-- ever bought credits keeps its whole pack as purchased (it stays pay-as-you-go), any other keeps it as granted.
UPDATE "workspaces" SET "credits_purchased" = "credits_pack", "credits_pack" = 0 WHERE "has_purchased_credits" = true;
