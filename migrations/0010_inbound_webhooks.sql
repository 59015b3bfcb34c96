CREATE TABLE "inbound_routes" (
	"workspace_id" text NOT NULL,
	"account_id" text NOT NULL,
	"platform" text NOT NULL,
	"object_id" text NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "inbound_routes" ADD CONSTRAINT "inbound_routes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_routes" ADD CONSTRAINT "inbound_routes_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_routes_account_object_key" ON "inbound_routes" USING btree ("account_id","object_id");--> statement-breakpoint
CREATE INDEX "inbound_routes_object_idx" ON "inbound_routes" USING btree ("platform","object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_workspace_source_key" ON "events" USING btree ("workspace_id","source_id");