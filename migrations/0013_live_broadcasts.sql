CREATE TABLE "live_broadcasts" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"account_id" text NOT NULL,
	"platform" text NOT NULL,
	"network_id" text NOT NULL,
	"page_id" text,
	"title" text,
	"description" text,
	"status" text NOT NULL,
	"network_status" text NOT NULL,
	"scheduled_start_time" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"permalink_url" text,
	"replay_url" text,
	"status_checked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_broadcasts" ADD CONSTRAINT "live_broadcasts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_broadcasts" ADD CONSTRAINT "live_broadcasts_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_broadcasts_account_idx" ON "live_broadcasts" USING btree ("workspace_id","account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_broadcasts_network_key" ON "live_broadcasts" USING btree ("account_id","network_id");