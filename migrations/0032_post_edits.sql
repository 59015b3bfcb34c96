CREATE TABLE "post_edit_targets" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"edit_id" text NOT NULL,
	"target_id" text NOT NULL,
	"state" text NOT NULL,
	"changes" jsonb NOT NULL,
	"error" jsonb,
	"started_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "post_edits" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"post_id" text NOT NULL,
	"idempotency_key" text,
	"changes" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_edit_targets" ADD CONSTRAINT "post_edit_targets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_edit_targets" ADD CONSTRAINT "post_edit_targets_edit_id_post_edits_id_fk" FOREIGN KEY ("edit_id") REFERENCES "public"."post_edits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_edit_targets" ADD CONSTRAINT "post_edit_targets_target_id_post_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."post_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_edits" ADD CONSTRAINT "post_edits_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_edits" ADD CONSTRAINT "post_edits_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_edit_targets_edit_target_idx" ON "post_edit_targets" USING btree ("edit_id","target_id");--> statement-breakpoint
CREATE INDEX "post_edits_post_idx" ON "post_edits" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "post_edits_workspace_key_idx" ON "post_edits" USING btree ("workspace_id","idempotency_key") WHERE idempotency_key is not null;