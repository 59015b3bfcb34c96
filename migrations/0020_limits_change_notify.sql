-- What GET /v1/me/limits reads (a workspace's row, its connected accounts) announces its changes
-- on the channel chorus_limits, with the workspace id as payload, so a process that caches the
-- limits forgets them when the change commits. Only a session that asks for it (the embedded
-- PGlite, src/node/limits-invalidation.ts) notifies: on a PostgreSQL server every NOTIFY would
-- take the server's notify queue lock at commit, for no listener.
CREATE FUNCTION chorus_limits_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('chorus.limits_notify', true) = 'on' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('chorus_limits', to_jsonb(OLD) ->> TG_ARGV[0]);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('chorus_limits', to_jsonb(NEW) ->> TG_ARGV[0]);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workspaces_limits_changed AFTER UPDATE OR DELETE ON "workspaces"
  FOR EACH ROW EXECUTE FUNCTION chorus_limits_changed('id');
--> statement-breakpoint
CREATE TRIGGER social_accounts_limits_changed AFTER INSERT OR DELETE OR UPDATE OF "workspace_id", "mode", "status", "handle", "platform", "connected_at" ON "social_accounts"
  FOR EACH ROW EXECUTE FUNCTION chorus_limits_changed('workspace_id');
