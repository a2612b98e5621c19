-- A dealer's step sent as one message (docs/live-tables.md, Few statements a step): BEGIN, this
-- lock, the step's writes, COMMIT, with no answer awaited between them. So the lock checks the
-- round itself and fails the transaction when the round is not as the dealer left it, rather than
-- answering for the dealer to check: SQLSTATE FD001 when it moved to another phase or version
-- (another dealer, an operator: FencedError), FD002 when only its moves changed (a player acted:
-- StaleRoundError). With a shoe, its row is locked too and must be open at `shoe_position`
-- (FD001), so the step's shoe update cannot miss.
CREATE FUNCTION round_step_lock(
  round_id uuid, expected_phase text, expected_version int, expected_moves int,
  shoe_id uuid DEFAULT NULL, shoe_position int DEFAULT NULL
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  found_phase text;
  found_version int;
  found_moves int;
BEGIN
  SELECT phase::text, version, moves INTO found_phase, found_version, found_moves
  FROM rounds WHERE id = round_id FOR UPDATE;
  IF found_phase IS DISTINCT FROM expected_phase OR found_version IS DISTINCT FROM expected_version THEN
    RAISE EXCEPTION 'round % was moved by another dealer', round_id USING ERRCODE = 'FD001';
  END IF;
  IF found_moves <> expected_moves THEN
    RAISE EXCEPTION 'round % changed under the step', round_id USING ERRCODE = 'FD002';
  END IF;
  IF shoe_id IS NOT NULL THEN
    PERFORM 1 FROM shoes s
    WHERE s.id = shoe_id AND s.position = shoe_position AND s.ended_at IS NULL FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'shoe % was moved by another dealer', shoe_id USING ERRCODE = 'FD001';
    END IF;
  END IF;
END;
$$;

-- A condition a step's statement must hold for its writes to commit, for a statement sent with
-- its COMMIT and no answer read between: the shoe it moved was where the step read it (FD001, as
-- the lock's), the ledger took every transfer of a settlement (FD003). False fails the
-- transaction with `code`.
CREATE FUNCTION step_holds(ok boolean, what text, code text DEFAULT 'FD003')
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'a step''s condition failed: %', what USING ERRCODE = code;
  END IF;
  RETURN true;
END;
$$;
