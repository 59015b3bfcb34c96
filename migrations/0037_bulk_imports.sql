CREATE TABLE "bulk_import_rows" (
	"bulk_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"row_index" integer NOT NULL,
	"input" jsonb NOT NULL,
	"state" text NOT NULL,
	"post_id" text,
	"error" jsonb,
	"claimed_at" timestamp with time zone,
	"not_before" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_import_rows_bulk_id_row_index_pk" PRIMARY KEY("bulk_id","row_index")
);
--> statement-breakpoint
CREATE TABLE "bulk_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"request_key" text,
	"actor" jsonb NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bulk_import_rows" ADD CONSTRAINT "bulk_import_rows_bulk_id_bulk_imports_id_fk" FOREIGN KEY ("bulk_id") REFERENCES "public"."bulk_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_import_rows" ADD CONSTRAINT "bulk_import_rows_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_imports" ADD CONSTRAINT "bulk_imports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_imports_request_key" ON "bulk_imports" USING btree ("workspace_id","request_key");--> statement-breakpoint
CREATE INDEX "bulk_imports_workspace_idx" ON "bulk_imports" USING btree ("workspace_id","created_at");