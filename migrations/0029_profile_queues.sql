CREATE TABLE "profile_queues" (
	"profile_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"timezone" text NOT NULL,
	"slots" jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_claims" (
	"workspace_id" text NOT NULL,
	"profile_id" text NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"post_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_queues" ADD CONSTRAINT "profile_queues_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_queues" ADD CONSTRAINT "profile_queues_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_claims" ADD CONSTRAINT "queue_claims_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_claims" ADD CONSTRAINT "queue_claims_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_claims_profile_slot_key" ON "queue_claims" USING btree ("profile_id","slot_at");--> statement-breakpoint
CREATE INDEX "queue_claims_post_idx" ON "queue_claims" USING btree ("post_id");