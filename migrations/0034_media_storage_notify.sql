-- GET /v1/me/limits now shows the workspace's storage (the bytes of its media and of the parts of
-- unfinished upload sessions), summed in the same statement as the rest: a change to those rows
-- announces itself on chorus_limits too (migration 0020), so a process that caches the limits
-- forgets them when an upload, a completed session or a deletion commits. Cascaded deletes
-- (a session's parts, a workspace's files) fire the triggers as well.
CREATE TRIGGER media_limits_changed AFTER INSERT OR DELETE OR UPDATE OF "workspace_id", "bytes" ON "media"
  FOR EACH ROW EXECUTE FUNCTION chorus_limits_changed('workspace_id');
--> statement-breakpoint
CREATE TRIGGER media_upload_parts_limits_changed AFTER INSERT OR DELETE OR UPDATE OF "workspace_id", "bytes" ON "media_upload_parts"
  FOR EACH ROW EXECUTE FUNCTION chorus_limits_changed('workspace_id');
