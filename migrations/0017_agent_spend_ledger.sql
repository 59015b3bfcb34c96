CREATE TABLE "agent_spend" (
	"subject" text NOT NULL,
	"kind" text NOT NULL,
	"agent_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"day" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_spend_subject_kind_pk" PRIMARY KEY("subject","kind")
);
--> statement-breakpoint
ALTER TABLE "agent_spend" ADD CONSTRAINT "agent_spend_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_spend" ADD CONSTRAINT "agent_spend_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_spend_agent_day_idx" ON "agent_spend" USING btree ("agent_id","day");--> statement-breakpoint
INSERT INTO "agent_spend" ("subject", "kind", "agent_id", "workspace_id", "day", "amount") SELECT 'carried:' || "id", 'charge', "id", "workspace_id", "spent_day", "spent_today" FROM "agents" WHERE "spent_today" > 0;--> statement-breakpoint
ALTER TABLE "agents" DROP COLUMN "spent_day";--> statement-breakpoint
ALTER TABLE "agents" DROP COLUMN "spent_today";