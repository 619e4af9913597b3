-- Decision 094: a change to what a user may see is announced on the live channel in the changing transaction, so
-- their open live streams check the session again at once (app/server/live/sse.server.ts) instead of at their next
-- periodic check. One place for every path: a session ended (sign-out, disabling, demotion, a move, revoked
-- devices, a password reset, a deactivated organisation), a role or the disabled flag changed, a professional's
-- organisation changed, a supervisor assigned to or removed from an organisation. The message names the user only
-- ({"type":"access","userId":…}); PostgreSQL sends identical notifications of one transaction once.
CREATE FUNCTION live_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'casus_live',
    json_build_object('type', 'access', 'userId', to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0])::text
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_access_changed AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION live_access_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER user_access_changed AFTER UPDATE OF "role", "banned" ON "user"
  FOR EACH ROW WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR OLD."banned" IS DISTINCT FROM NEW."banned")
  EXECUTE FUNCTION live_access_changed('id');
--> statement-breakpoint
CREATE TRIGGER professional_access_changed AFTER UPDATE OF "organisation_id" ON "professional"
  FOR EACH ROW WHEN (OLD."organisation_id" IS DISTINCT FROM NEW."organisation_id")
  EXECUTE FUNCTION live_access_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER supervisor_organisation_access_changed AFTER INSERT OR DELETE ON "supervisor_organisation"
  FOR EACH ROW EXECUTE FUNCTION live_access_changed('supervisor_id');
