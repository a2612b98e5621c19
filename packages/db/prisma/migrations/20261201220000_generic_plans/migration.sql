-- The bet desk's functions keep one plan per statement and connection (generic plans) instead of
-- planning each statement on every call, and those plans use the tables' indexes whatever the
-- tables' size when a plan was made (a plan made while a table was small would otherwise scan
-- it whole for good: the reason they were planned per call until now). Planning was a fifth of
-- a bet batch's time in PostgreSQL, whose rounds stay locked meanwhile (docs/live-tables.md,
-- Benchmark: bet placements).
ALTER FUNCTION ledger_post(text[], text[], text[], text[], text[], text[], text[], int[], text[], text[], text[], text[], text[], text[], bigint[])
  SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION ledger_post(text[], text[], text[], text[], text[], text[], text[], int[], text[], text[], text[], text[], text[], text[], bigint[])
  SET enable_seqscan = off;
ALTER FUNCTION bets_batch_state(uuid[], bigint[], text[], text[], text[])
  SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION bets_batch_state(uuid[], bigint[], text[], text[], text[])
  SET enable_seqscan = off;
ALTER FUNCTION round_stakes_follow() SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION round_stakes_follow() SET enable_seqscan = off;

