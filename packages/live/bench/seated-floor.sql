-- The floor of a seated round (bench/seated.ts prints it beside the runtime's figures): what
-- PostgreSQL alone must do for one joker blackjack round with three seated players, written
-- the cheapest way the runtime's rules allow, and run by pgbench (C, prepared statements) with
-- nothing else on the machine. Rows per round as a run of `bench:seated` writes them (counted
-- with pg_stat_user_tables on 2026-12-01: per round 30 events, 7 ledger transfers with 15
-- entries and 13 account updates, 3.6 bets, 3.9 actions, 7 round and 8 shoe updates). Every
-- step that waits for someone (the open, the bets, the close and deal, each decision, the
-- dealer and settlement) is its own durable transaction, as the runtime needs; here each is
-- one statement (a function), fewer round trips than any real client makes. The tables are
-- stand-ins with the real ones' keys and indexes, without their triggers and foreign keys.
CREATE TABLE rnd (id bigserial PRIMARY KEY, table_id int NOT NULL, phase text NOT NULL, state jsonb NOT NULL, version int NOT NULL DEFAULT 0, opened_at timestamptz DEFAULT now());
CREATE INDEX ON rnd (table_id, opened_at);
CREATE TABLE shoe (id int PRIMARY KEY, position int NOT NULL);
INSERT INTO shoe SELECT g, 0 FROM generate_series(1, 100) g;
CREATE TABLE ev (id bigserial PRIMARY KEY, table_id int NOT NULL, round_id bigint, player_id text, type text NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX ON ev (table_id, id);
CREATE INDEX ON ev (round_id);
CREATE TABLE bet (id bigserial PRIMARY KEY, round_id bigint NOT NULL, player_id text NOT NULL, request_id text NOT NULL, bet text, stake bigint, status text NOT NULL DEFAULT 'open', returned bigint, UNIQUE (player_id, request_id));
CREATE INDEX ON bet (round_id, player_id);
CREATE TABLE acct (id bigserial PRIMARY KEY, kind text, owner text, round text, balance bigint NOT NULL DEFAULT 0, version bigint NOT NULL DEFAULT 0, UNIQUE (kind, owner, round));
INSERT INTO acct (kind, owner, round, balance) SELECT 'wallet', 'p' || g, '', 1000000000 FROM generate_series(1, 400) g;
CREATE TABLE xfer (id text PRIMARY KEY, kind text, round_id bigint, hash bytea);
CREATE INDEX ON xfer (round_id);
CREATE TABLE ent (id bigserial PRIMARY KEY, transfer_id text NOT NULL, account_id bigint NOT NULL, amount bigint, before bigint, after bigint, version bigint, created_at timestamptz DEFAULT now());
CREATE INDEX ON ent (account_id, id);
CREATE INDEX ON ent (transfer_id);
CREATE TABLE act (id bigserial PRIMARY KEY, round_id bigint NOT NULL, seat int, action text, player_id text, request_id text, at timestamptz DEFAULT now(), UNIQUE (player_id, request_id));
CREATE INDEX ON act (round_id, id);

-- One event row as the runtime writes them: about 220 bytes of jsonb.
CREATE FUNCTION floor_payload() RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$ SELECT '{"seat":2,"hand":0,"card":{"rank":"K","suit":"spades"},"view":{"dealer":["9h","??"],"seats":{"1":{"cards":["Ks","5d"],"total":15},"2":{"cards":["Ah","7c"],"total":18}},"phase":"deciding"},"at":"2026-12-01T18:00:00Z"}'::jsonb $$;

-- The round opens: its row and two events.
CREATE FUNCTION s_open(t int) RETURNS bigint LANGUAGE plpgsql AS $$ DECLARE r bigint; BEGIN
INSERT INTO rnd (table_id, phase, state) VALUES (t, 'betting', '{"seats":{}}') RETURNING id INTO r;
INSERT INTO ev (table_id, round_id, type, payload) SELECT t, r, 'x', floor_payload() FROM generate_series(1, 2);
PERFORM pg_notify('ev', t::text); RETURN r; END $$;

-- Three seats' bets: the rows, each player's reservation (wallet to in play, two entries), three events.
CREATE FUNCTION s_bets(t int, rid bigint, p1 int, p2 int, p3 int) RETURNS void LANGUAGE plpgsql AS $$ BEGIN
INSERT INTO bet (round_id, player_id, request_id, bet, stake) VALUES (rid, 'p' || p1, 'q' || rid || 'a', 'seat', 1000), (rid, 'p' || p2, 'q' || rid || 'b', 'seat', 1000), (rid, 'p' || p3, 'q' || rid || 'c', 'seat', 1000);
INSERT INTO acct (kind, owner, round) VALUES ('in_play', 'p' || p1, rid::text), ('in_play', 'p' || p2, rid::text), ('in_play', 'p' || p3, rid::text) ON CONFLICT DO NOTHING;
UPDATE acct SET balance = balance + (CASE WHEN kind = 'wallet' THEN -1000 ELSE 1000 END), version = version + 1 WHERE (kind, owner, round) IN (('wallet', 'p' || p1, ''), ('wallet', 'p' || p2, ''), ('wallet', 'p' || p3, ''), ('in_play', 'p' || p1, rid::text), ('in_play', 'p' || p2, rid::text), ('in_play', 'p' || p3, rid::text));
INSERT INTO xfer SELECT 'r/' || rid || '/' || g, 'reserve', rid, sha256(g::text::bytea) FROM generate_series(1, 3) g;
INSERT INTO ent (transfer_id, account_id, amount, before, after, version) SELECT 'r/' || rid || '/' || (g % 3 + 1), g, 1000, 0, 1000, 1 FROM generate_series(1, 6) g;
INSERT INTO ev (table_id, round_id, type, payload) SELECT t, rid, 'x', floor_payload() FROM generate_series(1, 3);
PERFORM pg_notify('ev', t::text); END $$;

-- The close and the deal up to the first decision: the round and shoe rows, ten events.
CREATE FUNCTION s_deal(t int, rid bigint) RETURNS void LANGUAGE plpgsql AS $$ BEGIN
UPDATE rnd SET phase = 'dealing', state = '{"seats":{"1":1}}', version = version + 1 WHERE id = rid;
UPDATE shoe SET position = position + 8 WHERE id = t;
INSERT INTO ev (table_id, round_id, type, payload) SELECT t, rid, 'x', floor_payload() FROM generate_series(1, 10);
PERFORM pg_notify('ev', t::text); END $$;

-- One decision: its action row, the round and shoe rows, three events.
CREATE FUNCTION s_act(t int, rid bigint, i int, p1 int) RETURNS void LANGUAGE plpgsql AS $$ BEGIN
INSERT INTO act (round_id, seat, action, player_id, request_id) VALUES (rid, i, 'hit', 'p' || p1, 'a' || rid || i);
UPDATE rnd SET state = '{"seats":{"1":2}}', version = version + 1 WHERE id = rid;
UPDATE shoe SET position = position + 1 WHERE id = t;
INSERT INTO ev (table_id, round_id, type, payload) SELECT t, rid, 'x', floor_payload() FROM generate_series(1, 3);
PERFORM pg_notify('ev', t::text); END $$;

-- The dealer's turn and settlement: the bets settled, three payouts, eight events.
CREATE FUNCTION s_settle(t int, rid bigint, p1 int, p2 int, p3 int) RETURNS void LANGUAGE plpgsql AS $$ BEGIN
UPDATE rnd SET phase = 'settled', state = '{"seats":{"1":3}}', version = version + 1 WHERE id = rid;
UPDATE shoe SET position = position + 2 WHERE id = t;
UPDATE bet SET status = 'settled', returned = 2000 WHERE round_id = rid;
UPDATE acct SET balance = balance + (CASE WHEN kind = 'wallet' THEN 2000 ELSE -1000 END), version = version + 1 WHERE (kind, owner, round) IN (('wallet', 'p' || p1, ''), ('wallet', 'p' || p2, ''), ('wallet', 'p' || p3, ''), ('in_play', 'p' || p1, rid::text), ('in_play', 'p' || p2, rid::text), ('in_play', 'p' || p3, rid::text));
INSERT INTO xfer SELECT 's/' || rid || '/' || g, 'settle', rid, sha256(g::text::bytea) FROM generate_series(1, 3) g;
INSERT INTO ent (transfer_id, account_id, amount, before, after, version) SELECT 's/' || rid || '/' || (g % 3 + 1), g, 1000, 0, 1000, 1 FROM generate_series(1, 6) g;
INSERT INTO ev (table_id, round_id, type, payload) SELECT t, rid, 'x', floor_payload() FROM generate_series(1, 8);
PERFORM pg_notify('ev', t::text); END $$;
