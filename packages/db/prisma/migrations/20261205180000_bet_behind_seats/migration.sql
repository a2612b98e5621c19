-- Bet Behind (docs/rules/joker-blackjack.md): a bet behind goes on a seat another player sits
-- in, so the bet desk's first statement reads every seat of the rounds' tables (seven at most a
-- table), not only the callers' own. Otherwise as 20261201191500_player_stakes, with the plan
-- settings of 20261201220000_generic_plans.
CREATE OR REPLACE FUNCTION bets_batch_state(
  round_ids uuid[], lock_keys bigint[], player_ids text[], request_players text[],
  request_ids text[]
) RETURNS jsonb LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
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
      FROM seats s
      WHERE s.table_id IN (SELECT table_id FROM rounds WHERE id = ANY(round_ids))),
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
