-- CreateEnum
CREATE TYPE "ledger_account_kind" AS ENUM ('wallet', 'in_play', 'house', 'grants');

-- CreateEnum
CREATE TYPE "ledger_transfer_kind" AS ENUM ('grant', 'reserve', 'settle', 'refund', 'adjust');

-- CreateTable
CREATE TABLE "ledger_accounts" (
    "id" BIGSERIAL NOT NULL,
    "kind" "ledger_account_kind" NOT NULL,
    "owner" TEXT NOT NULL,
    "round" TEXT NOT NULL DEFAULT '',
    "balance" BIGINT NOT NULL DEFAULT 0,
    "version" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_transfers" (
    "id" TEXT NOT NULL,
    "kind" "ledger_transfer_kind" NOT NULL,
    "round_id" TEXT,
    "bet_id" TEXT,
    "operator_id" TEXT,
    "reason" TEXT,
    "content" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_transfers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" BIGSERIAL NOT NULL,
    "transfer_id" TEXT NOT NULL,
    "account_id" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,
    "balance_before" BIGINT NOT NULL,
    "balance_after" BIGINT NOT NULL,
    "account_version" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_accounts_kind_owner_round_key" ON "ledger_accounts"("kind", "owner", "round");

-- CreateIndex
CREATE INDEX "ledger_transfers_round_id_idx" ON "ledger_transfers"("round_id");

-- CreateIndex
CREATE INDEX "ledger_entries_account_id_id_idx" ON "ledger_entries"("account_id", "id");

-- CreateIndex
CREATE INDEX "ledger_entries_transfer_id_idx" ON "ledger_entries"("transfer_id");

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_fkey" FOREIGN KEY ("transfer_id") REFERENCES "ledger_transfers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Added by hand (Prisma's schema has no CHECK constraints, triggers or functions); the model is
-- explained in docs/ledger.md.

-- A player's wallet and stake in play never go below zero, whatever code runs; house and grants
-- are the counter-accounts and go negative by what they have paid out.
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_balance_non_negative"
  CHECK ("kind" IN ('house', 'grants') OR "balance" >= 0);
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_round_only_in_play"
  CHECK (("kind" = 'in_play') = ("round" <> ''));
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_not_empty"
  CHECK ("owner" <> '');

ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_id_length"
  CHECK (length("id") BETWEEN 1 AND 200);
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_adjust_audited"
  CHECK ("kind" <> 'adjust' OR ("operator_id" IS NOT NULL AND "reason" IS NOT NULL));
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_reason_length"
  CHECK (length("reason") <= 500);

ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_not_zero"
  CHECK ("amount" <> 0);
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_balance_chain"
  CHECK ("balance_after" = "balance_before" + "amount");

-- Entries and transfers are history: a correction is a new transfer, never an edit.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused (a correction is a new transfer)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER "ledger_transfers_append_only" BEFORE UPDATE OR DELETE ON "ledger_transfers"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER "ledger_transfers_no_truncate" BEFORE TRUNCATE ON "ledger_transfers"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- The two counter-accounts exist from the start; wallets and stakes in play are created on demand.
INSERT INTO "ledger_accounts" ("kind", "owner") VALUES ('house', 'house'), ('grants', 'grants');

-- The entries of a posted transfer, as ledger_post returns them.
CREATE FUNCTION ledger_transfer_entries(p_id text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'accountId', e.account_id, 'kind', a.kind, 'owner', a.owner, 'round', a.round,
           'amount', e.amount, 'balanceBefore', e.balance_before, 'balanceAfter', e.balance_after,
           'version', e.account_version) ORDER BY e.account_id), '[]'::jsonb)
  FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
  WHERE e.transfer_id = p_id;
$$;

-- Posts a batch of transfers in the caller's transaction, in one round trip. Input: a JSON array
-- of { id, kind, roundId, betId, operatorId, reason, legs: [{ from, to, amount }] } with each
-- account as { kind, owner, round } (validated by packages/ledger). Output: one result per
-- transfer, in order: { status: posted | replayed | conflict | insufficient | unknown_account }.
-- A refused transfer writes nothing and does not affect the others.
--
-- Every existing account of the batch is locked first, in id order, so two batches never
-- deadlock; a wallet or in_play account credited for the first time is created when its
-- transfer posts (a new id, above every id locked before). An account to debit that does not
-- exist is unknown. Entry ids come from a sequence called while the account's row lock is held,
-- so one account's entries are numbered in commit order (the history cursor relies on it).
CREATE FUNCTION ledger_post(p_transfers jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_ids bigint[];      -- the batch's locked accounts, in id order, and their state
  v_kinds text[];
  v_balances bigint[];
  v_index jsonb;       -- 'kind/owner/round' -> position in the arrays above
  v_transfer jsonb;
  v_leg jsonb;
  v_leg_number int;
  v_key text;
  v_from int;
  v_to int;
  v_amount bigint;
  v_delta bigint[];
  v_touched int[] := '{}';
  v_new_refs jsonb[];  -- accounts this transfer credits that do not exist yet
  v_new_amounts bigint[];
  v_new_id bigint;
  v_new_balance bigint;
  v_i int;
  v_inserted boolean;
  v_existing jsonb;
  v_entries jsonb;
  v_failure jsonb;
  v_n int := 0;
  v_results jsonb[] := '{}';
BEGIN
  -- Find the accounts by their key one at a time (an index lookup each, whatever the plan
  -- cache guesses about the batch's size), then lock them in id order.
  SELECT array_agg(found.id) INTO v_ids
  FROM (SELECT DISTINCT (r->>'kind')::ledger_account_kind AS kind, r->>'owner' AS owner, r->>'round' AS round
        FROM jsonb_array_elements(p_transfers) t, jsonb_array_elements(t->'legs') l,
             LATERAL (VALUES (l->'from'), (l->'to')) AS side(r)) ref
  CROSS JOIN LATERAL (SELECT a.id FROM ledger_accounts a
                      WHERE a.kind = ref.kind AND a.owner = ref.owner AND a.round = ref.round
                      LIMIT 1) found;
  SELECT array_agg(l.id ORDER BY l.id), array_agg(l.kind ORDER BY l.id),
         array_agg(l.balance ORDER BY l.id),
         coalesce(jsonb_object_agg(l.key, l.position), '{}'::jsonb)
  INTO v_ids, v_kinds, v_balances, v_index
  FROM (
    SELECT locked.*, row_number() OVER (ORDER BY locked.id) AS position
    FROM (
      SELECT a.id, a.kind::text AS kind, a.balance, a.kind || '/' || a.owner || '/' || a.round AS key
      FROM ledger_accounts a WHERE a.id = ANY (coalesce(v_ids, '{}'))
      ORDER BY a.id
      FOR UPDATE
    ) locked
  ) l;
  v_ids := coalesce(v_ids, '{}');
  v_kinds := coalesce(v_kinds, '{}');
  v_balances := coalesce(v_balances, '{}');
  v_delta := array_fill(0::bigint, ARRAY[coalesce(array_length(v_ids, 1), 0)]);

  FOR v_transfer IN SELECT value FROM jsonb_array_elements(p_transfers) LOOP
    v_n := v_n + 1;
    v_failure := NULL;
    FOREACH v_i IN ARRAY v_touched LOOP
      v_delta[v_i] := 0;
    END LOOP;
    v_touched := '{}';
    v_new_refs := '{}';
    v_new_amounts := '{}';

    -- Net change per existing account; credits to accounts not created yet are set aside.
    v_leg_number := 0;
    FOR v_leg IN SELECT value FROM jsonb_array_elements(v_transfer->'legs') LOOP
      v_amount := (v_leg->>'amount')::bigint;
      v_from := (v_index->>((v_leg->'from'->>'kind') || '/' || (v_leg->'from'->>'owner') || '/' || (v_leg->'from'->>'round')))::int;
      v_to := (v_index->>((v_leg->'to'->>'kind') || '/' || (v_leg->'to'->>'owner') || '/' || (v_leg->'to'->>'round')))::int;
      IF v_from IS NULL OR (v_to IS NULL AND v_leg->'to'->>'kind' NOT IN ('wallet', 'in_play')) THEN
        v_failure := jsonb_build_object('status', 'unknown_account', 'leg', v_leg_number,
                                        'side', CASE WHEN v_from IS NULL THEN 'from' ELSE 'to' END);
        EXIT;
      END IF;
      v_delta[v_from] := v_delta[v_from] - v_amount;
      v_touched := v_touched || v_from;
      IF v_to IS NULL THEN
        v_new_refs := v_new_refs || (v_leg->'to');
        v_new_amounts := v_new_amounts || v_amount;
      ELSE
        v_delta[v_to] := v_delta[v_to] + v_amount;
        v_touched := v_touched || v_to;
      END IF;
      v_leg_number := v_leg_number + 1;
    END LOOP;
    IF v_failure IS NULL THEN
      FOREACH v_i IN ARRAY v_touched LOOP
        IF v_kinds[v_i] IN ('wallet', 'in_play') AND v_balances[v_i] + v_delta[v_i] < 0 THEN
          v_failure := jsonb_build_object('status', 'insufficient', 'accountId', v_ids[v_i],
            'account', v_kinds[v_i], 'balance', v_balances[v_i], 'amount', -v_delta[v_i]);
          EXIT;
        END IF;
      END LOOP;
    END IF;

    -- The common case inserts at once; a refused or already posted id reads the stored one, so a
    -- replay returns the first result even when the balances have moved since.
    v_inserted := false;
    IF v_failure IS NULL THEN
      INSERT INTO ledger_transfers (id, kind, round_id, bet_id, operator_id, reason, content)
      VALUES (v_transfer->>'id', (v_transfer->>'kind')::ledger_transfer_kind, v_transfer->>'roundId',
              v_transfer->>'betId', v_transfer->>'operatorId', v_transfer->>'reason', v_transfer)
      ON CONFLICT (id) DO NOTHING;
      v_inserted := FOUND;
    END IF;
    IF NOT v_inserted THEN
      SELECT content INTO v_existing FROM ledger_transfers WHERE id = v_transfer->>'id';
      IF FOUND THEN
        v_results[v_n] := CASE WHEN v_existing = v_transfer
          THEN jsonb_build_object('status', 'replayed', 'entries', ledger_transfer_entries(v_transfer->>'id'))
          ELSE jsonb_build_object('status', 'conflict') END;
      ELSE
        v_results[v_n] := v_failure;
      END IF;
      CONTINUE;
    END IF;

    -- Create the accounts credited for the first time (or lock the one a concurrent
    -- transaction has just created) and add them to the batch's accounts.
    FOR v_i IN 1 .. coalesce(array_length(v_new_refs, 1), 0) LOOP
      v_key := (v_new_refs[v_i]->>'kind') || '/' || (v_new_refs[v_i]->>'owner') || '/' || (v_new_refs[v_i]->>'round');
      v_to := (v_index->>v_key)::int;
      IF v_to IS NULL THEN
        v_new_balance := 0;
        INSERT INTO ledger_accounts (kind, owner, round)
        VALUES ((v_new_refs[v_i]->>'kind')::ledger_account_kind, v_new_refs[v_i]->>'owner', v_new_refs[v_i]->>'round')
        ON CONFLICT (kind, owner, round) DO NOTHING
        RETURNING id INTO v_new_id;
        IF v_new_id IS NULL THEN
          SELECT id, balance INTO v_new_id, v_new_balance FROM ledger_accounts
          WHERE kind = (v_new_refs[v_i]->>'kind')::ledger_account_kind
            AND owner = v_new_refs[v_i]->>'owner' AND round = v_new_refs[v_i]->>'round'
          FOR UPDATE;
        END IF;
        v_ids := v_ids || v_new_id;
        v_kinds := v_kinds || (v_new_refs[v_i]->>'kind');
        v_balances := v_balances || v_new_balance;
        v_delta := v_delta || 0::bigint;
        v_to := array_length(v_ids, 1);
        v_index := v_index || jsonb_build_object(v_key, v_to);
        v_new_id := NULL;
      END IF;
      v_delta[v_to] := v_delta[v_to] + v_new_amounts[v_i];
      v_touched := v_touched || v_to;
    END LOOP;

    WITH changed AS (
      SELECT DISTINCT v_ids[p] AS id, v_delta[p] AS delta
      FROM unnest(v_touched) AS p WHERE v_delta[p] <> 0
    ), updated AS (
      UPDATE ledger_accounts a SET balance = a.balance + c.delta, version = a.version + 1
      FROM changed c WHERE a.id = c.id
      RETURNING a.id, a.kind, a.owner, a.round, c.delta, a.balance, a.version
    ), inserted AS (
      INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, account_version)
      SELECT v_transfer->>'id', u.id, u.delta, u.balance - u.delta, u.balance, u.version
      FROM updated u ORDER BY u.id
      RETURNING account_id
    )
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'accountId', u.id, 'kind', u.kind, 'owner', u.owner, 'round', u.round,
             'amount', u.delta, 'balanceBefore', u.balance - u.delta, 'balanceAfter', u.balance,
             'version', u.version) ORDER BY u.id), '[]'::jsonb)
    INTO v_entries
    FROM updated u WHERE u.id IN (SELECT account_id FROM inserted);

    FOREACH v_i IN ARRAY v_touched LOOP
      v_balances[v_i] := v_balances[v_i] + v_delta[v_i];
      v_delta[v_i] := 0;
    END LOOP;
    v_results[v_n] := jsonb_build_object('status', 'posted', 'entries', v_entries);
  END LOOP;
  RETURN coalesce(to_jsonb(v_results), '[]'::jsonb);
END;
$$;
