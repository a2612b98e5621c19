-- What each player's open bets of a round stake per bet id and seat, kept like `round_stakes`
-- by the same statement-level triggers on `bets`: the bet desk judges a slip against the
-- player's own stakes (limits are per player per round) and read them by summing the player's
-- open bets in every batch, a cost that grew with every bet a player had placed in the round
-- (docs/live-tables.md, Benchmark: bet placements). A bet without a seat is one line per bet id:
-- NULL seats are not distinct.
CREATE TABLE "round_player_stakes" (
    "id" BIGSERIAL NOT NULL,
    "round_id" UUID NOT NULL,
    "player_id" TEXT NOT NULL,
    "bet" TEXT NOT NULL,
    "seat" INTEGER,
    "total" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "round_player_stakes_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "round_player_stakes_round_id_player_id_bet_seat_key"
  ON "round_player_stakes" ("round_id", "player_id", "bet", "seat") NULLS NOT DISTINCT;

INSERT INTO round_player_stakes (round_id, player_id, bet, seat, total)
SELECT round_id, player_id, bet, seat, sum(stake) FROM bets WHERE status = 'open'
GROUP BY round_id, player_id, bet, seat;

-- One statement's change of open stakes, set-based: per bet id for the table, per player, bet id
-- and seat for the player, one upsert each (rows in key order, as before).
CREATE OR REPLACE FUNCTION round_stakes_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c_rounds uuid[];
  c_players text[];
  c_bets text[];
  c_seats int[];
  c_changes bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(round_id), array_agg(player_id), array_agg(bet), array_agg(seat), array_agg(stake)
    INTO c_rounds, c_players, c_bets, c_seats, c_changes
    FROM new_bets WHERE status = 'open';
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(round_id), array_agg(player_id), array_agg(bet), array_agg(seat), array_agg(change)
    INTO c_rounds, c_players, c_bets, c_seats, c_changes
    FROM (SELECT round_id, player_id, bet, seat, stake AS change FROM new_bets WHERE status = 'open'
          UNION ALL
          SELECT round_id, player_id, bet, seat, -stake FROM old_bets WHERE status = 'open') c;
  ELSE
    SELECT array_agg(round_id), array_agg(player_id), array_agg(bet), array_agg(seat), array_agg(-stake)
    INTO c_rounds, c_players, c_bets, c_seats, c_changes
    FROM old_bets WHERE status = 'open';
  END IF;
  IF c_rounds IS NULL THEN
    RETURN NULL;
  END IF;
  WITH c AS (SELECT * FROM unnest(c_rounds, c_players, c_bets, c_seats, c_changes)
               AS u(round_id, player_id, bet, seat, change)),
  tables AS (
    INSERT INTO round_stakes AS s (round_id, bet, total)
    SELECT round_id, bet, sum(change) FROM c
    GROUP BY round_id, bet HAVING sum(change) <> 0 ORDER BY round_id, bet
    ON CONFLICT (round_id, bet) DO UPDATE SET total = s.total + excluded.total)
  INSERT INTO round_player_stakes AS s (round_id, player_id, bet, seat, total)
  SELECT round_id, player_id, bet, seat, sum(change) FROM c
  GROUP BY round_id, player_id, bet, seat HAVING sum(change) <> 0
  ORDER BY round_id, player_id, bet, seat
  ON CONFLICT (round_id, player_id, bet, seat) DO UPDATE SET total = s.total + excluded.total;
  RETURN NULL;
END $$;

-- The batch's first statement reads the callers' own stakes from them.
CREATE OR REPLACE FUNCTION bets_batch_state(
  round_ids uuid[], lock_keys bigint[], player_ids text[], request_players text[],
  request_ids text[]
) RETURNS jsonb LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
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
      FROM round_player_stakes
      WHERE round_id = ANY(round_ids) AND player_id = ANY(player_ids) AND total <> 0),
    'placed', (SELECT coalesce(jsonb_agg(to_jsonb(b) ORDER BY b.line), '[]') FROM (
      SELECT id, round_id, slip_id, player_id, request_id, line, bet, seat, stake, reserved
      FROM bets JOIN unnest(request_players, request_ids) AS q(p, r)
        ON player_id = q.p AND request_id = q.r) b));
END $$;
