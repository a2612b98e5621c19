-- The partners' results feed reads only: it connects as (or SET ROLEs to) fuda_feed_reader, which
-- may SELECT every table and write nothing but a partner key's last_used_at, which verifying a
-- key records (docs/feed.md, Database role). NOLOGIN: the feed's login user is granted the role
-- (or is a superuser) and switches to it with `options=-c role=fuda_feed_reader`.
-- Roles are cluster-wide: another database of the same server (a test database, another
-- environment) may have created it already, possibly at the same moment.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'fuda_feed_reader') THEN
    CREATE ROLE fuda_feed_reader NOLOGIN;
  END IF;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;

GRANT USAGE ON SCHEMA public TO fuda_feed_reader;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO fuda_feed_reader;
GRANT UPDATE ("last_used_at") ON "partner_keys" TO fuda_feed_reader;
-- Tables later migrations create (as the same migrating role) are readable too.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO fuda_feed_reader;
