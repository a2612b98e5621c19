-- The posting function, faster (docs/ledger.md, "Benchmark"): the batch arrives as arrays
-- instead of one jsonb document, a transfer stores a hash of its content instead of the content,
-- and entries no longer carry foreign keys.

-- DropForeignKey
-- ledger_post is the only writer of entries and takes both ids from rows it has just locked or
-- written; checkBooks reports an entry whose account or transfer is missing.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_fkey";

-- DropForeignKey
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transfer_id_fkey";

-- The content hash: SHA-256 of the content as jsonb prints it (packages/ledger writes it in that
-- form). Transfers already posted get the hash of their stored content, so replaying them still
-- tells a replay from a clash; the append-only trigger is lifted for this one statement.
CREATE FUNCTION ledger_content_hash(p_content text) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT sha256(convert_to(p_content, 'UTF8'));
$$;

-- AlterTable
ALTER TABLE "ledger_transfers" ADD COLUMN "content_hash" BYTEA;
ALTER TABLE "ledger_transfers" DISABLE TRIGGER "ledger_transfers_append_only";
UPDATE "ledger_transfers" SET "content_hash" = ledger_content_hash("content"::text);
ALTER TABLE "ledger_transfers" ENABLE TRIGGER "ledger_transfers_append_only";
ALTER TABLE "ledger_transfers" ALTER COLUMN "content_hash" SET NOT NULL,
DROP COLUMN "content";

DROP FUNCTION ledger_post(jsonb);

-- The position of account (p_kind, p_owner, p_round) among those after p_after in the arrays
-- (the accounts a batch has created so far), or NULL.
CREATE FUNCTION ledger_created_position(
  p_kinds text[], p_owners text[], p_rounds text[], p_after int, p_kind text, p_owner text, p_round text
) RETURNS int LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  FOR i IN p_after + 1 .. coalesce(array_length(p_kinds, 1), 0) LOOP
    IF p_kinds[i] = p_kind AND p_owners[i] = p_owner AND p_rounds[i] = p_round THEN
      RETURN i;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;

-- Posts a batch of n transfers in the caller's transaction, in one round trip (validated by
-- packages/ledger). Transfer i is p_ids[i], p_kinds[i], p_round_ids[i], p_bet_ids[i],
-- p_operator_ids[i], p_reasons[i], p_contents[i] (its request as jsonb prints it, hashed); its legs
-- are p_first_legs[i] .. p_first_legs[i + 1] - 1 of the leg arrays (p_first_legs has n + 1
-- items), each moving p_amounts[l] from account (p_from_kinds[l], p_from_owners[l],
-- p_from_rounds[l]) to account (p_to_kinds[l], p_to_owners[l], p_to_rounds[l]). Output: one
-- result per transfer, in order: { status: posted | replayed | conflict | insufficient |
-- unknown_account }. A refused transfer writes nothing and does not affect the others.
--
-- Every existing account of the batch is locked first, in id order, so two batches never
-- deadlock; a wallet or in_play account credited for the first time is created when its
-- transfer is accepted. An account to debit that does not exist is unknown. The transfers are
-- decided in memory, one after the other, then written with three set-based statements. Entry
-- ids are drawn while the accounts' row locks are held, so one account's entries are numbered
-- in commit order (the history cursor relies on it).
CREATE FUNCTION ledger_post(
  p_ids text[], p_kinds text[], p_round_ids text[], p_bet_ids text[], p_operator_ids text[],
  p_reasons text[], p_contents text[], p_first_legs int[],
  p_from_kinds text[], p_from_owners text[], p_from_rounds text[],
  p_to_kinds text[], p_to_owners text[], p_to_rounds text[], p_amounts bigint[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_n int := coalesce(array_length(p_ids, 1), 0);
  -- The batch's accounts, locked in id order, then those it creates; their state as it goes.
  a_ids bigint[];
  a_kinds text[];
  a_owners text[];
  a_rounds text[];
  a_balances bigint[];
  a_versions bigint[];
  a_written bigint[];  -- versions as locked: an account is updated when its version moved
  a_delta bigint[];
  v_locked int;        -- how many accounts were locked (those after it were created)
  l_from int[];        -- each leg's accounts: positions in the arrays above, NULL if none yet
  l_to int[];
  v_hashes bytea[];
  v_first int[];       -- each transfer's first position in the batch with the same id
  v_posted_at int[];   -- by first position: the transfer of the batch that posted that id
  s_ids text[];        -- the batch's ids already posted, and their content hashes
  s_hashes bytea[];
  v_accepted boolean[];
  v_results jsonb[];
  v_id text;
  v_t int;
  v_l int;
  v_i int;
  v_j int;
  v_p int;
  v_from int;
  v_to int;
  v_amount bigint;
  v_touched int[];
  v_missing int[];     -- legs crediting an account that does not exist yet
  v_new_id bigint;
  v_new_balance bigint;
  v_new_version bigint;
  v_entries jsonb;
  v_failure jsonb;
  v_count int;
  v_posted int := 0;
  v_e int := 0;
  e_transfers text[] := '{}'; e_accounts bigint[] := '{}'; e_amounts bigint[] := '{}';
  e_befores bigint[] := '{}'; e_afters bigint[] := '{}'; e_versions bigint[] := '{}';
BEGIN
  IF v_n = 0 THEN
    RETURN '[]'::jsonb;
  END IF;
  -- Find the accounts by their key one at a time (an index lookup each, whatever the plan
  -- cache guesses about the batch's size) and lock them in id order.
  SELECT coalesce(array_agg(l.id), '{}'), coalesce(array_agg(l.kind), '{}'),
         coalesce(array_agg(l.owner), '{}'), coalesce(array_agg(l.round), '{}'),
         coalesce(array_agg(l.balance), '{}'), coalesce(array_agg(l.version), '{}')
  INTO a_ids, a_kinds, a_owners, a_rounds, a_balances, a_versions
  FROM (SELECT a.id, a.kind::text AS kind, a.owner, a.round, a.balance, a.version
        FROM (SELECT DISTINCT k.kind::ledger_account_kind AS kind, k.owner, k.round
              FROM unnest(p_from_kinds || p_to_kinds, p_from_owners || p_to_owners,
                          p_from_rounds || p_to_rounds) AS k(kind, owner, round)) ref
        CROSS JOIN LATERAL (SELECT x.id FROM ledger_accounts x
                            WHERE x.kind = ref.kind AND x.owner = ref.owner AND x.round = ref.round
                            LIMIT 1) found
        JOIN ledger_accounts a ON a.id = found.id
        ORDER BY a.id
        FOR UPDATE OF a) l;
  v_locked := coalesce(array_length(a_ids, 1), 0);
  a_written := a_versions;
  a_delta := array_fill(0::bigint, ARRAY[v_locked]);

  -- Each leg's two accounts as positions in the arrays.
  SELECT array_agg(f.position ORDER BY leg.n), array_agg(t.position ORDER BY leg.n)
  INTO l_from, l_to
  FROM unnest(p_from_kinds, p_from_owners, p_from_rounds, p_to_kinds, p_to_owners, p_to_rounds)
         WITH ORDINALITY AS leg(from_kind, from_owner, from_round, to_kind, to_owner, to_round, n)
  LEFT JOIN unnest(a_kinds, a_owners, a_rounds) WITH ORDINALITY AS f(kind, owner, round, position)
    ON f.kind = leg.from_kind AND f.owner = leg.from_owner AND f.round = leg.from_round
  LEFT JOIN unnest(a_kinds, a_owners, a_rounds) WITH ORDINALITY AS t(kind, owner, round, position)
    ON t.kind = leg.to_kind AND t.owner = leg.to_owner AND t.round = leg.to_round;

  -- Each transfer's content hash, and the first transfer of the batch with its id.
  SELECT array_agg(ledger_content_hash(c.content) ORDER BY c.n), array_agg(c.first ORDER BY c.n)
  INTO v_hashes, v_first
  FROM (SELECT u.content, u.n, min(u.n) OVER (PARTITION BY u.id) AS first
        FROM unnest(p_ids, p_contents) WITH ORDINALITY AS u(id, content, n)) c;
  v_posted_at := array_fill(NULL::int, ARRAY[v_n]);
  v_accepted := array_fill(false, ARRAY[v_n]);
  v_results := array_fill(NULL::jsonb, ARRAY[v_n]);

  -- Read after the locks: a transfer posted by a transaction we waited for is seen here.
  SELECT coalesce(array_agg(id), '{}'), coalesce(array_agg(content_hash), '{}')
  INTO s_ids, s_hashes
  FROM ledger_transfers WHERE id = ANY (p_ids);

  FOR v_t IN 1 .. v_n LOOP
    v_id := p_ids[v_t];
    v_p := v_posted_at[v_first[v_t]];
    IF v_p IS NOT NULL THEN
      -- Posted earlier in this batch.
      IF v_hashes[v_p] <> v_hashes[v_t] THEN
        v_results[v_t] := '{"status": "conflict"}';
      ELSE
        v_results[v_t] := v_results[v_p] || '{"status": "replayed"}';
      END IF;
      CONTINUE;
    END IF;
    v_p := array_position(s_ids, v_id);
    IF v_p IS NOT NULL THEN
      IF s_hashes[v_p] <> v_hashes[v_t] THEN
        v_results[v_t] := '{"status": "conflict"}';
      ELSE
        v_results[v_t] := jsonb_build_object('status', 'replayed', 'entries', ledger_transfer_entries(v_id));
      END IF;
      CONTINUE;
    END IF;

    -- Net change per account, in memory.
    v_touched := '{}';
    v_missing := '{}';
    v_failure := NULL;
    FOR v_l IN p_first_legs[v_t] .. p_first_legs[v_t + 1] - 1 LOOP
      v_amount := p_amounts[v_l];
      v_from := coalesce(l_from[v_l], ledger_created_position(
        a_kinds, a_owners, a_rounds, v_locked, p_from_kinds[v_l], p_from_owners[v_l], p_from_rounds[v_l]));
      IF v_from IS NULL THEN
        v_failure := jsonb_build_object('status', 'unknown_account', 'leg', v_l - p_first_legs[v_t], 'side', 'from');
        EXIT;
      END IF;
      v_to := coalesce(l_to[v_l], ledger_created_position(
        a_kinds, a_owners, a_rounds, v_locked, p_to_kinds[v_l], p_to_owners[v_l], p_to_rounds[v_l]));
      IF v_to IS NULL AND p_to_kinds[v_l] NOT IN ('wallet', 'in_play') THEN
        v_failure := jsonb_build_object('status', 'unknown_account', 'leg', v_l - p_first_legs[v_t], 'side', 'to');
        EXIT;
      END IF;
      IF NOT v_from = ANY (v_touched) THEN
        v_touched := v_touched || v_from;
        a_delta[v_from] := 0;
      END IF;
      a_delta[v_from] := a_delta[v_from] - v_amount;
      IF v_to IS NULL THEN
        -- Credited for the first time: created once the transfer is accepted (only credited,
        -- so it cannot make the transfer insufficient).
        v_missing := v_missing || v_l;
        CONTINUE;
      END IF;
      IF NOT v_to = ANY (v_touched) THEN
        v_touched := v_touched || v_to;
        a_delta[v_to] := 0;
      END IF;
      a_delta[v_to] := a_delta[v_to] + v_amount;
    END LOOP;
    IF v_failure IS NULL THEN
      FOREACH v_p IN ARRAY v_touched LOOP
        IF a_kinds[v_p] IN ('wallet', 'in_play') AND a_balances[v_p] + a_delta[v_p] < 0 THEN
          v_failure := jsonb_build_object('status', 'insufficient', 'accountId', a_ids[v_p],
            'account', a_kinds[v_p], 'balance', a_balances[v_p], 'amount', -a_delta[v_p]);
          EXIT;
        END IF;
      END LOOP;
    END IF;
    IF v_failure IS NOT NULL THEN
      v_results[v_t] := v_failure;
      CONTINUE;
    END IF;

    -- Accepted. Create the accounts credited for the first time (or lock the one a concurrent
    -- transaction has just created).
    FOREACH v_l IN ARRAY v_missing LOOP
      v_to := ledger_created_position(
        a_kinds, a_owners, a_rounds, v_locked, p_to_kinds[v_l], p_to_owners[v_l], p_to_rounds[v_l]);
      IF v_to IS NULL THEN
        v_new_balance := 0;
        v_new_version := 0;
        INSERT INTO ledger_accounts (kind, owner, round)
        VALUES (p_to_kinds[v_l]::ledger_account_kind, p_to_owners[v_l], p_to_rounds[v_l])
        ON CONFLICT (kind, owner, round) DO NOTHING
        RETURNING id INTO v_new_id;
        IF v_new_id IS NULL THEN
          SELECT id, balance, version INTO v_new_id, v_new_balance, v_new_version FROM ledger_accounts
          WHERE kind = p_to_kinds[v_l]::ledger_account_kind AND owner = p_to_owners[v_l]
            AND round = p_to_rounds[v_l]
          FOR UPDATE;
        END IF;
        v_to := coalesce(array_length(a_ids, 1), 0) + 1;
        a_ids[v_to] := v_new_id;
        a_kinds[v_to] := p_to_kinds[v_l];
        a_owners[v_to] := p_to_owners[v_l];
        a_rounds[v_to] := p_to_rounds[v_l];
        a_balances[v_to] := v_new_balance;
        a_versions[v_to] := v_new_version;
        a_written[v_to] := -1;  -- always written
        a_delta[v_to] := 0;
        v_new_id := NULL;
      END IF;
      IF NOT v_to = ANY (v_touched) THEN
        v_touched := v_touched || v_to;
        a_delta[v_to] := 0;
      END IF;
      a_delta[v_to] := a_delta[v_to] + p_amounts[v_l];
    END LOOP;

    -- Its entries in account id order (a few accounts: insertion sort).
    FOR v_i IN 2 .. array_length(v_touched, 1) LOOP
      v_p := v_touched[v_i];
      v_j := v_i - 1;
      WHILE v_j >= 1 AND a_ids[v_touched[v_j]] > a_ids[v_p] LOOP
        v_touched[v_j + 1] := v_touched[v_j];
        v_j := v_j - 1;
      END LOOP;
      v_touched[v_j + 1] := v_p;
    END LOOP;
    v_entries := '[]';
    FOREACH v_p IN ARRAY v_touched LOOP
      CONTINUE WHEN a_delta[v_p] = 0;
      a_versions[v_p] := a_versions[v_p] + 1;
      v_e := v_e + 1;
      e_transfers[v_e] := v_id;
      e_accounts[v_e] := a_ids[v_p];
      e_amounts[v_e] := a_delta[v_p];
      e_befores[v_e] := a_balances[v_p];
      e_afters[v_e] := a_balances[v_p] + a_delta[v_p];
      e_versions[v_e] := a_versions[v_p];
      v_entries := v_entries || jsonb_build_object(
        'accountId', a_ids[v_p], 'kind', a_kinds[v_p], 'owner', a_owners[v_p], 'round', a_rounds[v_p],
        'amount', a_delta[v_p], 'balanceBefore', a_balances[v_p],
        'balanceAfter', a_balances[v_p] + a_delta[v_p], 'version', a_versions[v_p]);
      a_balances[v_p] := a_balances[v_p] + a_delta[v_p];
    END LOOP;
    v_accepted[v_t] := true;
    v_posted := v_posted + 1;
    v_posted_at[v_first[v_t]] := v_t;
    v_results[v_t] := jsonb_build_object('status', 'posted', 'entries', v_entries);
  END LOOP;

  IF v_posted > 0 THEN
    INSERT INTO ledger_transfers (id, kind, round_id, bet_id, operator_id, reason, content_hash)
    SELECT u.id, u.kind::ledger_transfer_kind, u.round_id, u.bet_id, u.operator_id, u.reason, v_hashes[u.n]
    FROM unnest(p_ids, p_kinds, p_round_ids, p_bet_ids, p_operator_ids, p_reasons)
      WITH ORDINALITY AS u(id, kind, round_id, bet_id, operator_id, reason, n)
    WHERE v_accepted[u.n]
    ON CONFLICT (id) DO NOTHING;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    IF v_count <> v_posted THEN
      -- Another transaction posted one of these ids (on other accounts) since we looked.
      RAISE EXCEPTION 'ledger_post: a transfer id of this batch was posted concurrently; retry'
        USING ERRCODE = 'serialization_failure';
    END IF;
    UPDATE ledger_accounts a SET balance = u.balance, version = u.version
    FROM unnest(a_ids, a_balances, a_versions, a_written) AS u(id, balance, version, written)
    WHERE a.id = u.id AND u.version <> u.written;
    INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, account_version)
    SELECT * FROM unnest(e_transfers, e_accounts, e_amounts, e_befores, e_afters, e_versions);
  END IF;
  RETURN to_jsonb(v_results);
END;
$$;
