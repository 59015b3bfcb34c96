CREATE TABLE "hashtag_searches" (
	"workspace_id" text NOT NULL,
	"account_id" text NOT NULL,
	"hashtag" text NOT NULL,
	"first_searched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hashtag_searches" ADD CONSTRAINT "hashtag_searches_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hashtag_searches" ADD CONSTRAINT "hashtag_searches_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hashtag_searches_account_tag_key" ON "hashtag_searches" USING btree ("account_id","hashtag");--> statement-breakpoint
CREATE INDEX "hashtag_searches_account_time_idx" ON "hashtag_searches" USING btree ("account_id","first_searched_at");