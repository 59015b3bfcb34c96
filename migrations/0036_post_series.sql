CREATE TABLE "post_series" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"profile_id" text,
	"mode" text NOT NULL,
	"kind" text DEFAULT 'recurring' NOT NULL,
	"sources" jsonb,
	"state" text NOT NULL,
	"rule" text NOT NULL,
	"timezone" text NOT NULL,
	"start_local" text NOT NULL,
	"last_local" text,
	"next_at" timestamp with time zone,
	"occurrences" integer DEFAULT 0 NOT NULL,
	"content" jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "series_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "occurrence_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_series" ADD CONSTRAINT "post_series_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_series" ADD CONSTRAINT "post_series_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_series_workspace_created_idx" ON "post_series" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "post_series_next_idx" ON "post_series" USING btree ("next_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_series_id_post_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."post_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_series_occurrence_key" ON "posts" USING btree ("series_id","occurrence_at") WHERE "posts"."state" <> 'cancelled';