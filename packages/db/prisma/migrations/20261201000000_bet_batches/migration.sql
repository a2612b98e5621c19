-- The bet desk's batch in two statements (docs/live-tables.md, Bets): `bets_batch_state` takes
-- the locks and reads what the slips are judged against; one statement then posts the
-- reservations and inserts the bets.

-- What the open bets of a round stake per bet id: the exposure cap reads it instead of summing
-- every bet of the round in every batch. Kept by the triggers below, on every path that
-- inserts, settles, refunds or deletes bets.
CREATE TABLE "round_stakes" (
    "round_id" UUID NOT NULL,
    "bet" TEXT NOT NULL,
    "total" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "round_stakes_pkey" PRIMARY KEY ("round_id","bet")
);

INSERT INTO round_stakes (round_id, bet, total)
SELECT round_id, bet, sum(stake) FROM bets WHERE status = 'open' GROUP BY round_id, bet;

-- One statement's change of open stakes, set-based: a batch of bets is one upsert per bet id.
CREATE FUNCTION round_stakes_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO round_stakes AS s (round_id, bet, total)
    SELECT round_id, bet, sum(stake) FROM new_bets WHERE status = 'open'
    GROUP BY round_id, bet ORDER BY round_id, bet
    ON CONFLICT (round_id, bet) DO UPDATE SET total = s.total + excluded.total;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO round_stakes AS s (round_id, bet, total)
    SELECT round_id, bet, sum(change) FROM (
      SELECT round_id, bet, stake AS change FROM new_bets WHERE status = 'open'
      UNION ALL
      SELECT round_id, bet, -stake FROM old_bets WHERE status = 'open') c
    GROUP BY round_id, bet HAVING sum(change) <> 0 ORDER BY round_id, bet
    ON CONFLICT (round_id, bet) DO UPDATE SET total = s.total + excluded.total;
  ELSE
    INSERT INTO round_stakes AS s (round_id, bet, total)
    SELECT round_id, bet, -sum(stake) FROM old_bets WHERE status = 'open'
    GROUP BY round_id, bet ORDER BY round_id, bet
    ON CONFLICT (round_id, bet) DO UPDATE SET total = s.total + excluded.total;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER bets_round_stakes_insert AFTER INSERT ON bets
  REFERENCING NEW TABLE AS new_bets FOR EACH STATEMENT EXECUTE FUNCTION round_stakes_follow();
CREATE TRIGGER bets_round_stakes_update AFTER UPDATE ON bets
  REFERENCING OLD TABLE AS old_bets NEW TABLE AS new_bets
  FOR EACH STATEMENT EXECUTE FUNCTION round_stakes_follow();
CREATE TRIGGER bets_round_stakes_delete AFTER DELETE ON bets
  REFERENCING OLD TABLE AS old_bets FOR EACH STATEMENT EXECUTE FUNCTION round_stakes_follow();

-- A batch's first statement, in this order: the advisory locks `lock_keys` (ascending, from the
-- caller: two batches never wait on each other in a circle), the rounds FOR SHARE with their
-- tables (the dealer's close takes them FOR UPDATE), the callers' wallets FOR UPDATE, then the
-- callers' seats, the rounds' stakes per bet id, the callers' own open bets, and the bets of
-- requests already placed. The phase is read, not filtered on: a round the close updated while
-- this waited is re-read as it is now, and must look closed, not missing.
CREATE FUNCTION bets_batch_state(
  round_ids uuid[], lock_keys bigint[], player_ids text[], request_players text[],
  request_ids text[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  k bigint;
  locked jsonb;
  wallets jsonb;
BEGIN
  FOREACH k IN ARRAY lock_keys LOOP
    PERFORM pg_advisory_xact_lock(k);
  END LOOP;
  SELECT coalesce(jsonb_agg(to_jsonb(l)), '[]') INTO locked FROM (
    SELECT r.id::text AS id, r.table_id::text AS table_id, t.settings, r.number,
           r.phase::text AS phase, r.betting_closes_at > clock_timestamp() AS window_open,
           t.status::text AS status, t.limits, t.game::text AS game, t.variant
    FROM rounds r JOIN tables t ON t.id = r.table_id
    WHERE r.id = ANY(round_ids) ORDER BY r.id FOR SHARE OF r) l;
  SELECT coalesce(jsonb_agg(jsonb_build_array(owner, balance)), '[]') INTO wallets FROM (
    SELECT owner, balance FROM ledger_accounts
    WHERE kind = 'wallet' AND round = '' AND owner = ANY(player_ids)
    ORDER BY id FOR UPDATE) w;
  RETURN jsonb_build_object(
    'rounds', locked,
    'wallets', wallets,
    'seats', (SELECT coalesce(jsonb_agg(jsonb_build_array(s.table_id, s.player_id, s.seat)), '[]')
      FROM seats s WHERE s.player_id = ANY(player_ids)
        AND s.table_id IN (SELECT table_id FROM rounds WHERE id = ANY(round_ids))),
    'totals', (SELECT coalesce(jsonb_agg(jsonb_build_array(round_id, bet, total)), '[]')
      FROM round_stakes WHERE round_id = ANY(round_ids) AND total <> 0),
    'own', (SELECT coalesce(jsonb_agg(jsonb_build_array(round_id, player_id, bet, seat, total)), '[]')
      FROM (SELECT round_id, player_id, bet, seat, sum(stake) AS total FROM bets
            WHERE round_id = ANY(round_ids) AND player_id = ANY(player_ids) AND status = 'open'
            GROUP BY round_id, player_id, bet, seat) o),
    'placed', (SELECT coalesce(jsonb_agg(to_jsonb(b) ORDER BY b.line), '[]') FROM (
      SELECT id, round_id, slip_id, player_id, request_id, line, bet, seat, stake, reserved
      FROM bets JOIN unnest(request_players, request_ids) AS q(p, r)
        ON player_id = q.p AND request_id = q.r) b));
END $$;
