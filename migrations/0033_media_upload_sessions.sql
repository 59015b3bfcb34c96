CREATE TABLE "media_upload_parts" (
	"session_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"number" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"etag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_upload_parts_session_id_number_pk" PRIMARY KEY("session_id","number")
);
--> statement-breakpoint
CREATE TABLE "media_upload_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"part_size" integer NOT NULL,
	"part_count" integer NOT NULL,
	"storage_key" text NOT NULL,
	"storage_upload_id" text NOT NULL,
	"state" text NOT NULL,
	"media_id" text,
	"uploaded_by_agent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_upload_parts" ADD CONSTRAINT "media_upload_parts_session_id_media_upload_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."media_upload_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_upload_parts" ADD CONSTRAINT "media_upload_parts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_upload_sessions" ADD CONSTRAINT "media_upload_sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_upload_sessions" ADD CONSTRAINT "media_upload_sessions_uploaded_by_agent_id_agents_id_fk" FOREIGN KEY ("uploaded_by_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_upload_parts_workspace_idx" ON "media_upload_parts" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "media_upload_sessions_workspace_idx" ON "media_upload_sessions" USING btree ("workspace_id","created_at");