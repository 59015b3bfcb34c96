CREATE TABLE "account_polls" (
	"account_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"mode" text NOT NULL,
	"platform" text NOT NULL,
	"next_poll_at" timestamp with time zone,
	"interval_ms" integer DEFAULT 0 NOT NULL,
	"quiet_streak" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone,
	"leased_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_polls" ADD CONSTRAINT "account_polls_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_polls" ADD CONSTRAINT "account_polls_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_polls_due_idx" ON "account_polls" USING btree ("next_poll_at") WHERE "account_polls"."next_poll_at" is not null;--> statement-breakpoint
CREATE INDEX "account_polls_workspace_idx" ON "account_polls" USING btree ("workspace_id","mode");--> statement-breakpoint
-- Every account that could be polled is due once: that first poll makes it dormant if nobody listens.
INSERT INTO "account_polls" ("account_id", "workspace_id", "mode", "platform", "next_poll_at")
SELECT "id", "workspace_id", "mode", "platform", now() FROM "social_accounts"
WHERE "status" = 'active' AND "tokens_encrypted" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The per-window poll_inbox jobs are replaced by poll_shard jobs (issue 26): none is left to run.
DELETE FROM "jobs" WHERE "kind" = 'poll_inbox' AND "done_at" IS NULL;
