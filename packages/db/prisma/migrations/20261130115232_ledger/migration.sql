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
-- transfer is accepted. An account to debit that does not exist is unknown. The transfers are
-- decided in memory, one after the other, then written with three set-based statements. Entry
-- ids are drawn while the accounts' row locks are held, so one account's entries are numbered
-- in commit order (the history cursor relies on it).
CREATE FUNCTION ledger_post(p_transfers jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_ids bigint[];      -- the batch's locked accounts, in id order, and their state
  v_kinds text[];
  v_owners text[];
  v_rounds text[];
  v_balances bigint[];
  v_versions bigint[];
  v_written bigint[];  -- versions as locked: an account is updated when its version moved
  v_index jsonb;       -- 'kind/owner/round' -> position in the arrays above
  v_stored jsonb;      -- id -> content of the batch's transfers already posted
  v_posted jsonb := '{}'; -- id -> position in v_results, for those posted by this batch
  v_transfer jsonb;
  v_legs jsonb;
  v_ref jsonb;
  v_id text;
  v_key text;
  v_from int;
  v_to int;
  v_amount bigint;
  v_delta bigint[];
  v_touched int[] := '{}';
  v_missing jsonb[];   -- accounts this transfer credits that do not exist yet, and the credits
  v_missing_amounts bigint[];
  v_i int;
  v_j int;
  v_p int;
  v_new_id bigint;
  v_new_balance bigint;
  v_new_version bigint;
  v_entries jsonb;
  v_failure jsonb;
  v_count int;
  v_n int := 0;
  v_results jsonb[] := '{}';
  t_ids text[] := '{}'; t_kinds text[] := '{}'; t_rounds text[] := '{}'; t_bets text[] := '{}';
  t_operators text[] := '{}'; t_reasons text[] := '{}'; t_contents jsonb[] := '{}';
  e_transfers text[] := '{}'; e_accounts bigint[] := '{}'; e_amounts bigint[] := '{}';
  e_befores bigint[] := '{}'; e_afters bigint[] := '{}'; e_versions bigint[] := '{}';
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
         array_agg(l.owner ORDER BY l.id), array_agg(l.round ORDER BY l.id),
         array_agg(l.balance ORDER BY l.id), array_agg(l.version ORDER BY l.id),
         coalesce(jsonb_object_agg(l.kind || '/' || l.owner || '/' || l.round, l.position), '{}'::jsonb)
  INTO v_ids, v_kinds, v_owners, v_rounds, v_balances, v_versions, v_index
  FROM (
    SELECT locked.*, row_number() OVER (ORDER BY locked.id) AS position
    FROM (
      SELECT a.id, a.kind::text AS kind, a.owner, a.round, a.balance, a.version
      FROM ledger_accounts a WHERE a.id = ANY (coalesce(v_ids, '{}'))
      ORDER BY a.id
      FOR UPDATE
    ) locked
  ) l;
  v_ids := coalesce(v_ids, '{}');
  v_kinds := coalesce(v_kinds, '{}');
  v_owners := coalesce(v_owners, '{}');
  v_rounds := coalesce(v_rounds, '{}');
  v_balances := coalesce(v_balances, '{}');
  v_versions := coalesce(v_versions, '{}');
  v_written := v_versions;
  v_delta := array_fill(0::bigint, ARRAY[coalesce(array_length(v_ids, 1), 0)]);

  -- Read after the locks: a transfer posted by a transaction we waited for is seen here.
  SELECT coalesce(jsonb_object_agg(id, content), '{}'::jsonb) INTO v_stored
  FROM ledger_transfers
  WHERE id IN (SELECT t->>'id' FROM jsonb_array_elements(p_transfers) t);

  FOR v_transfer IN SELECT value FROM jsonb_array_elements(p_transfers) LOOP
    v_n := v_n + 1;
    v_id := v_transfer->>'id';
    IF v_stored ? v_id THEN
      IF v_stored->v_id <> v_transfer THEN
        v_results[v_n] := jsonb_build_object('status', 'conflict');
      ELSIF v_posted ? v_id THEN
        v_results[v_n] := v_results[(v_posted->>v_id)::int] || '{"status": "replayed"}';
      ELSE
        v_results[v_n] := jsonb_build_object('status', 'replayed', 'entries', ledger_transfer_entries(v_id));
      END IF;
      CONTINUE;
    END IF;

    -- Net change per account, in memory.
    FOREACH v_p IN ARRAY v_touched LOOP
      v_delta[v_p] := 0;
    END LOOP;
    v_touched := '{}';
    v_missing := '{}';
    v_missing_amounts := '{}';
    v_failure := NULL;
    v_legs := v_transfer->'legs';
    FOR v_i IN 0 .. jsonb_array_length(v_legs) - 1 LOOP
      v_amount := (v_legs->v_i->>'amount')::bigint;
      v_ref := v_legs->v_i->'from';
      v_from := (v_index->>((v_ref->>'kind') || '/' || (v_ref->>'owner') || '/' || (v_ref->>'round')))::int;
      IF v_from IS NULL THEN
        v_failure := jsonb_build_object('status', 'unknown_account', 'leg', v_i, 'side', 'from');
        EXIT;
      END IF;
      v_ref := v_legs->v_i->'to';
      v_key := (v_ref->>'kind') || '/' || (v_ref->>'owner') || '/' || (v_ref->>'round');
      v_to := (v_index->>v_key)::int;
      IF v_to IS NULL THEN
        IF v_ref->>'kind' NOT IN ('wallet', 'in_play') THEN
          v_failure := jsonb_build_object('status', 'unknown_account', 'leg', v_i, 'side', 'to');
          EXIT;
        END IF;
        -- Credited for the first time: created once the transfer is accepted (only credited,
        -- so it cannot make the transfer insufficient).
        v_missing := v_missing || v_ref;
        v_missing_amounts := v_missing_amounts || v_amount;
        v_delta[v_from] := v_delta[v_from] - v_amount;
        IF NOT v_from = ANY (v_touched) THEN v_touched := v_touched || v_from; END IF;
        CONTINUE;
      END IF;
      v_delta[v_from] := v_delta[v_from] - v_amount;
      v_delta[v_to] := v_delta[v_to] + v_amount;
      IF NOT v_from = ANY (v_touched) THEN v_touched := v_touched || v_from; END IF;
      IF NOT v_to = ANY (v_touched) THEN v_touched := v_touched || v_to; END IF;
    END LOOP;
    IF v_failure IS NULL THEN
      FOREACH v_p IN ARRAY v_touched LOOP
        IF v_kinds[v_p] IN ('wallet', 'in_play') AND v_balances[v_p] + v_delta[v_p] < 0 THEN
          v_failure := jsonb_build_object('status', 'insufficient', 'accountId', v_ids[v_p],
            'account', v_kinds[v_p], 'balance', v_balances[v_p], 'amount', -v_delta[v_p]);
          EXIT;
        END IF;
      END LOOP;
    END IF;
    IF v_failure IS NOT NULL THEN
      v_results[v_n] := v_failure;
      CONTINUE;
    END IF;

    -- Accepted. Create the accounts credited for the first time (or lock the one a concurrent
    -- transaction has just created).
    FOR v_i IN 1 .. coalesce(array_length(v_missing, 1), 0) LOOP
      v_ref := v_missing[v_i];
      v_key := (v_ref->>'kind') || '/' || (v_ref->>'owner') || '/' || (v_ref->>'round');
      v_to := (v_index->>v_key)::int;
      IF v_to IS NULL THEN
        v_new_balance := 0;
        v_new_version := 0;
        INSERT INTO ledger_accounts (kind, owner, round)
        VALUES ((v_ref->>'kind')::ledger_account_kind, v_ref->>'owner', v_ref->>'round')
        ON CONFLICT (kind, owner, round) DO NOTHING
        RETURNING id INTO v_new_id;
        IF v_new_id IS NULL THEN
          SELECT id, balance, version INTO v_new_id, v_new_balance, v_new_version FROM ledger_accounts
          WHERE kind = (v_ref->>'kind')::ledger_account_kind AND owner = v_ref->>'owner' AND round = v_ref->>'round'
          FOR UPDATE;
        END IF;
        v_ids := v_ids || v_new_id;
        v_kinds := v_kinds || (v_ref->>'kind');
        v_owners := v_owners || (v_ref->>'owner');
        v_rounds := v_rounds || (v_ref->>'round');
        v_balances := v_balances || v_new_balance;
        v_versions := v_versions || v_new_version;
        v_written := v_written || -1::bigint;  -- always written
        v_delta := v_delta || 0::bigint;
        v_to := array_length(v_ids, 1);
        v_index := v_index || jsonb_build_object(v_key, v_to);
        v_new_id := NULL;
      END IF;
      v_delta[v_to] := v_delta[v_to] + v_missing_amounts[v_i];
      IF NOT v_to = ANY (v_touched) THEN v_touched := v_touched || v_to; END IF;
    END LOOP;

    -- Its entries in account id order (a few accounts: insertion sort).
    FOR v_i IN 2 .. coalesce(array_length(v_touched, 1), 0) LOOP
      v_p := v_touched[v_i];
      v_j := v_i - 1;
      WHILE v_j >= 1 AND v_ids[v_touched[v_j]] > v_ids[v_p] LOOP
        v_touched[v_j + 1] := v_touched[v_j];
        v_j := v_j - 1;
      END LOOP;
      v_touched[v_j + 1] := v_p;
    END LOOP;
    v_entries := '[]';
    FOREACH v_p IN ARRAY v_touched LOOP
      CONTINUE WHEN v_delta[v_p] = 0;
      v_versions[v_p] := v_versions[v_p] + 1;
      e_transfers := e_transfers || v_id;
      e_accounts := e_accounts || v_ids[v_p];
      e_amounts := e_amounts || v_delta[v_p];
      e_befores := e_befores || v_balances[v_p];
      e_afters := e_afters || (v_balances[v_p] + v_delta[v_p]);
      e_versions := e_versions || v_versions[v_p];
      v_entries := v_entries || jsonb_build_object(
        'accountId', v_ids[v_p], 'kind', v_kinds[v_p], 'owner', v_owners[v_p], 'round', v_rounds[v_p],
        'amount', v_delta[v_p], 'balanceBefore', v_balances[v_p],
        'balanceAfter', v_balances[v_p] + v_delta[v_p], 'version', v_versions[v_p]);
      v_balances[v_p] := v_balances[v_p] + v_delta[v_p];
    END LOOP;
    t_ids := t_ids || v_id;
    t_kinds := t_kinds || (v_transfer->>'kind');
    t_rounds := t_rounds || (v_transfer->>'roundId');
    t_bets := t_bets || (v_transfer->>'betId');
    t_operators := t_operators || (v_transfer->>'operatorId');
    t_reasons := t_reasons || (v_transfer->>'reason');
    t_contents := t_contents || v_transfer;
    v_stored := v_stored || jsonb_build_object(v_id, v_transfer);
    v_posted := v_posted || jsonb_build_object(v_id, v_n);
    v_results[v_n] := jsonb_build_object('status', 'posted', 'entries', v_entries);
  END LOOP;

  IF array_length(t_ids, 1) > 0 THEN
    INSERT INTO ledger_transfers (id, kind, round_id, bet_id, operator_id, reason, content)
    SELECT u.id, u.kind::ledger_transfer_kind, u.round_id, u.bet_id, u.operator_id, u.reason, u.content
    FROM unnest(t_ids, t_kinds, t_rounds, t_bets, t_operators, t_reasons, t_contents)
      AS u(id, kind, round_id, bet_id, operator_id, reason, content)
    ON CONFLICT (id) DO NOTHING;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    IF v_count <> array_length(t_ids, 1) THEN
      -- Another transaction posted one of these ids (on other accounts) since we looked.
      RAISE EXCEPTION 'ledger_post: a transfer id of this batch was posted concurrently; retry'
        USING ERRCODE = 'serialization_failure';
    END IF;
    UPDATE ledger_accounts a SET balance = u.balance, version = u.version
    FROM unnest(v_ids, v_balances, v_versions, v_written) AS u(id, balance, version, written)
    WHERE a.id = u.id AND u.version <> u.written;
    INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, account_version)
    SELECT * FROM unnest(e_transfers, e_accounts, e_amounts, e_befores, e_afters, e_versions);
  END IF;
  RETURN coalesce(to_jsonb(v_results), '[]'::jsonb);
END;
$$;
