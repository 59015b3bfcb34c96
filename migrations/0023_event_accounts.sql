-- The accounts each event is about, so an agent's grant filters the event log in the query.
-- Existing events get theirs from what their data already names: an account event's view, an
-- inbound event's account, a post's targets; webhook events concern no account.
ALTER TABLE "events" ADD COLUMN "account_ids" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
UPDATE "events" SET "account_ids" = ARRAY["data" ->> 'id']
  WHERE "type" LIKE 'account.%' AND "data" ->> 'id' IS NOT NULL;
--> statement-breakpoint
UPDATE "events" SET "account_ids" = ARRAY["data" ->> 'account']
  WHERE "type" IN ('message.received', 'comment.received', 'mention.received') AND "data" ->> 'account' IS NOT NULL;
--> statement-breakpoint
UPDATE "events" SET "account_ids" = ARRAY(
    SELECT DISTINCT t ->> 'account' FROM jsonb_array_elements("data" -> 'targets') AS t WHERE t ->> 'account' IS NOT NULL
  )
  WHERE "type" LIKE 'post.%' AND jsonb_typeof("data" -> 'targets') = 'array';
