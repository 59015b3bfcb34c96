-- Hand-added: the shared sandbox's records belong to no one workspace, so they cannot be moved
-- into per-workspace worlds; they are dropped (test connections made before this reconnect).
DELETE FROM "sandbox_records";--> statement-breakpoint
DROP INDEX "sandbox_records_key";--> statement-breakpoint
DROP INDEX "sandbox_records_owner_idx";--> statement-breakpoint
ALTER TABLE "sandbox_records" ADD COLUMN "workspace_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_records" ADD CONSTRAINT "sandbox_records_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_records_world_key" ON "sandbox_records" USING btree ("workspace_id","platform","kind","id");--> statement-breakpoint
CREATE INDEX "sandbox_records_world_owner_idx" ON "sandbox_records" USING btree ("workspace_id","platform","kind","owner");