CREATE TABLE "post_thread_items" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"post_id" text NOT NULL,
	"target_id" text NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"media" jsonb NOT NULL,
	"media_alt" jsonb NOT NULL,
	"state" text NOT NULL,
	"network_post_id" text,
	"url" text,
	"error" jsonb,
	"published_at" timestamp with time zone,
	"credits" integer DEFAULT 0 NOT NULL,
	"credit_source" text,
	"poll_token" text,
	"attempt_started_at" timestamp with time zone,
	"sends" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_thread_items" ADD CONSTRAINT "post_thread_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_thread_items" ADD CONSTRAINT "post_thread_items_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_thread_items" ADD CONSTRAINT "post_thread_items_target_id_post_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."post_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_thread_items_target_position_idx" ON "post_thread_items" USING btree ("target_id","position");--> statement-breakpoint
CREATE INDEX "post_thread_items_post_idx" ON "post_thread_items" USING btree ("post_id");