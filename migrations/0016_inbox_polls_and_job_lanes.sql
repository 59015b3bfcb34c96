CREATE TABLE "inbox_poll_cursors" (
	"account_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"feed" text NOT NULL,
	"high_water_at" timestamp with time zone,
	"high_water_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"newest_id" text,
	"baselined_at" timestamp with time zone NOT NULL,
	"last_polled_at" timestamp with time zone NOT NULL,
	"paused_until" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "inbox_poll_cursors_account_id_feed_pk" PRIMARY KEY("account_id","feed")
);
--> statement-breakpoint
ALTER TABLE "inbox_poll_cursors" ADD CONSTRAINT "inbox_poll_cursors_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_poll_cursors" ADD CONSTRAINT "inbox_poll_cursors_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_poll_cursors_workspace_idx" ON "inbox_poll_cursors" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "jobs_lane_open_idx" ON "jobs" USING btree ((coalesce("payload"->>'endpointId', "payload"->>'workspaceId', '')),"run_at","id") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_leased_open_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."done_at" is null and "jobs"."locked_until" is not null;