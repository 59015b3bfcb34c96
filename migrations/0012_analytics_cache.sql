CREATE TABLE "analytics_cache" (
	"workspace_id" text NOT NULL,
	"account_id" text NOT NULL,
	"scope" text NOT NULL,
	"data" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_cache" ADD CONSTRAINT "analytics_cache_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_cache_key" ON "analytics_cache" USING btree ("workspace_id","account_id","scope");