-- A Node server on PostgreSQL now caches part of GET /v1/me/limits too (src/node/limits-invalidation.ts):
-- the connected accounts and the stored bytes, the costly half of the read, while the workspace's own
-- columns are read fresh on every call. Any process may change those rows (another Node server, a
-- Worker on the same database), and only a session that asked used to notify; so changes to the
-- accounts, media and upload parts now notify from every session, unless it turns notices off. They
-- are rare next to the workspace row's changes (a credit debit per publish), which still notify only
-- where asked (the embedded PGlite, whose cache keeps the whole row): a NOTIFY serialises commits.
CREATE OR REPLACE FUNCTION chorus_limits_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  asked text := coalesce(current_setting('chorus.limits_notify', true), '');
BEGIN
  IF asked = 'on' OR (asked <> 'off' AND TG_TABLE_NAME <> 'workspaces') THEN
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
