CREATE TABLE "network_budgets" (
	"budget_key" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"owner_workspace_id" text,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_budgets" ADD CONSTRAINT "network_budgets_owner_workspace_id_workspaces_id_fk" FOREIGN KEY ("owner_workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;