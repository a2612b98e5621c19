-- A notification carries its event whole, as the hub hands it out (`TableEvent`), so no listening
-- process reads `table_events` for it (docs/live-tables.md, LISTEN/NOTIFY). NOTIFY's payload must
-- stay under 8000 bytes: a longer event (a settlement with many players' wallets) is named by its
-- id as before, and the hub reads it.
CREATE OR REPLACE FUNCTION table_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  whole text := json_build_object(
    'id', NEW.id::text, 'tableId', NEW.table_id, 'roundId', NEW.round_id,
    'playerId', NEW.player_id, 'type', NEW.type, 'payload', NEW.payload,
    'at', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text;
BEGIN
  PERFORM pg_notify('table_events',
    CASE WHEN octet_length(whole) < 8000 THEN whole ELSE NEW.id::text END);
  RETURN NULL;
END;
$$;
