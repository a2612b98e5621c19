-- The batch functions plan their statements for each call's own arrays (PostgreSQL's
-- `plan_cache_mode`). A plpgsql function otherwise keeps a generic plan per connection once its
-- first calls have run, and plans made while a table was small (a new database, or the first
-- minutes of a pool's connections) stay: the bet bench found ledger_post's look-up of the
-- batch's transfer ids scanning all of `ledger_transfers` (2.9 ms a call, 0.28 ms planned per
-- call; docs/live-tables.md, Benchmark: bet placements). Planning each statement costs less than
-- one such scan.
ALTER FUNCTION ledger_post(text[], text[], text[], text[], text[], text[], text[], int[], text[], text[], text[], text[], text[], text[], bigint[])
  SET plan_cache_mode = force_custom_plan;
ALTER FUNCTION bets_batch_state(uuid[], bigint[], text[], text[], text[])
  SET plan_cache_mode = force_custom_plan;
