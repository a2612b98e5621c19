import { Prisma } from "@fuda/db";
import type { SqlClient } from "@fuda/db";
import { FudaError } from "@fuda/errors";

import { accountKey, accountRef } from "./accounts";
import type { AccountKey, AccountKind, AccountRef, LedgerClient } from "./accounts";
import { badInput, checkAmount, checkText, MAX_REASON_LENGTH } from "./validate";

export type TransferKind = "grant" | "reserve" | "settle" | "refund" | "adjust" | "carry_over";

/** `amount` minor units move from one account to another. */
export interface Leg {
  from: AccountRef;
  to: AccountRef;
  amount: number;
}

export interface TransferRequest {
  /**
   * The caller's idempotency key: derive it from the cause (`reserve/<round>/<bet>`), so that
   * doing the same thing again after a crash is the same transfer, never a second one.
   */
  id: string;
  kind: TransferKind;
  legs: Leg[];
  roundId?: string;
  betId?: string;
  operatorId?: string;
  reason?: string;
  /**
   * Which input field names each kind of account, for the message when an account to debit does
   * not exist (e.g. `{ wallet: "playerId" }`); `legs[i].from` otherwise. Not part of the transfer.
   */
  accountFields?: Partial<Record<AccountKind, string>>;
}

/** One account's share of a transfer. */
export interface Entry {
  accountId: number;
  account: AccountRef;
  /** Signed minor units: negative for the account paying. */
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  /** The account's version this entry produced. */
  version: number;
}

export interface Transfer {
  id: string;
  kind: TransferKind;
  /** True when this id was already posted with the same content: the first result, unchanged. */
  replayed: boolean;
  /** One per account whose balance changed, in account id order. */
  entries: Entry[];
}

export type TransferOutcome = { ok: true; transfer: Transfer } | { ok: false; error: FudaError };

const transferKinds = new Set<TransferKind>([
  "grant",
  "reserve",
  "settle",
  "refund",
  "adjust",
  "carry_over",
]);
const accountKinds = new Set<AccountKind>(["wallet", "in_play", "house", "grants"]);

/**
 * What `ledger_post` receives: every key present, in one shape; the hash of its `contentText`
 * tells a replay from a clash.
 */
export interface Posting {
  id: string;
  kind: TransferKind;
  roundId: string | null;
  betId: string | null;
  operatorId: string | null;
  reason: string | null;
  legs: { from: AccountKey; to: AccountKey; amount: number }[];
}

function checkAccount(ref: unknown, field: string): AccountKey {
  const kind = (ref as { kind?: unknown } | null)?.kind;
  if (!accountKinds.has(kind as AccountKind)) {
    throw badInput(field, "INVALID_VALUE", "unknown account kind", kind);
  }
  const typed = ref as AccountRef;
  if (typed.kind === "wallet" || typed.kind === "in_play") {
    checkText(typed.playerId, `${field}.playerId`);
  }
  if (typed.kind === "in_play") checkText(typed.roundId, `${field}.roundId`);
  return accountKey(typed);
}

const optionalText = (value: unknown, field: string, max?: number): string | null =>
  value === undefined ? null : checkText(value, field, max);

function toPosting(request: TransferRequest): Posting {
  const id = checkText(request.id, "id");
  if (!transferKinds.has(request.kind)) {
    throw badInput("kind", "INVALID_VALUE", "unknown transfer kind", request.kind);
  }
  if (!Array.isArray(request.legs) || request.legs.length === 0) {
    throw badInput("legs", "TOO_SMALL", "at least one leg", request.legs);
  }
  const legs = request.legs.map((leg, i) => {
    const from = checkAccount(leg.from, `legs[${i}].from`);
    const to = checkAccount(leg.to, `legs[${i}].to`);
    if (from.kind === to.kind && from.owner === to.owner && from.round === to.round) {
      throw badInput(`legs[${i}].to`, "SAME_ACCOUNT", `must differ from legs[${i}].from`, leg.to);
    }
    return { from, to, amount: checkAmount(leg.amount, `legs[${i}].amount`) };
  });
  return {
    id,
    kind: request.kind,
    roundId: optionalText(request.roundId, "roundId"),
    betId: optionalText(request.betId, "betId"),
    operatorId: optionalText(request.operatorId, "operatorId"),
    reason: optionalText(request.reason, "reason", MAX_REASON_LENGTH),
    legs,
  };
}

const text = (value: string | null) => JSON.stringify(value);
const accountText = ({ kind, owner, round }: AccountKey) =>
  `{"kind": ${text(kind)}, "owner": ${text(owner)}, "round": ${text(round)}}`;

/**
 * The posting as PostgreSQL prints it as jsonb (keys by length, then bytes; `", "` and `": "`
 * between them), which `ledger_post` hashes without parsing it: the transfers posted before the
 * hash replaced the stored content were hashed from that print (test/migration.test.ts).
 */
export function contentText(posting: Posting): string {
  const legs = posting.legs.map(
    (leg) =>
      `{"to": ${accountText(leg.to)}, "from": ${accountText(leg.from)}, "amount": ${leg.amount}}`,
  );
  return (
    `{"id": ${text(posting.id)}, "kind": ${text(posting.kind)}, "legs": [${legs.join(", ")}], ` +
    `"betId": ${text(posting.betId)}, "reason": ${text(posting.reason)}, ` +
    `"roundId": ${text(posting.roundId)}, "operatorId": ${text(posting.operatorId)}}`
  );
}

type PostResult =
  | { status: "posted" | "replayed"; entries: (AccountKey & Omit<Entry, "account">)[] }
  | { status: "conflict" }
  | {
      status: "insufficient";
      accountId: number;
      account: AccountKind;
      balance: number;
      amount: number;
    }
  | { status: "unknown_account"; leg: number; side: "from" | "to" };

function outcome(request: TransferRequest, posting: Posting, result: PostResult): TransferOutcome {
  switch (result.status) {
    case "posted":
    case "replayed":
      return {
        ok: true,
        transfer: {
          id: posting.id,
          kind: posting.kind,
          replayed: result.status === "replayed",
          entries: result.entries.map(({ kind, owner, round, ...entry }) => ({
            ...entry,
            account: accountRef({ kind, owner, round }),
          })),
        },
      };
    case "conflict":
      return {
        ok: false,
        error: new FudaError(
          "CONFLICT",
          `id: transfer ${posting.id} was already posted with different content`,
          { field: "id", rule: "ID_REUSED", id: posting.id },
        ),
      };
    case "insufficient":
      return {
        ok: false,
        error: new FudaError(
          "INSUFFICIENT_FUNDS",
          `amount: ${result.amount} needed, the ${result.account.replace("_", " ")} holds ${result.balance}`,
          { balance: result.balance, amount: result.amount, account: result.account },
        ),
      };
    case "unknown_account": {
      const key = posting.legs[result.leg]![result.side];
      const field = request.accountFields?.[key.kind] ?? `legs[${result.leg}].${result.side}`;
      return {
        ok: false,
        error: badInput(field, "UNKNOWN_ACCOUNT", `no such ${key.kind} account`, key.owner),
      };
    }
  }
}

/**
 * Many transfers made ready for one `ledger_post` call: `call` is the SQL expression (null when
 * every request was refused before it), whose jsonb result `finish` turns into one outcome per
 * request. For a caller that posts inside a statement of its own (the bet desk posts its
 * reservations and inserts its bets in one); `transferMany` is the plain use.
 */
export interface PreparedTransfers {
  call: Prisma.Sql | null;
  /** Each request's index in the call's results; null for one refused before it. */
  positions: (number | null)[];
  finish: (results: readonly unknown[] | null) => TransferOutcome[];
}

export function prepareTransfers(requests: readonly TransferRequest[]): PreparedTransfers {
  const outcomes: (TransferOutcome | undefined)[] = [];
  const postings: { index: number; posting: Posting }[] = [];
  const positions: (number | null)[] = [];
  requests.forEach((request, index) => {
    try {
      postings.push({ index, posting: toPosting(request) });
      positions.push(postings.length - 1);
      outcomes.push(undefined);
    } catch (error) {
      if (!(error instanceof FudaError)) throw error;
      positions.push(null);
      outcomes.push({ ok: false, error });
    }
  });
  const finish = (results: readonly unknown[] | null): TransferOutcome[] => {
    postings.forEach(({ index, posting }, i) => {
      outcomes[index] = outcome(requests[index]!, posting, results![i] as PostResult);
    });
    return outcomes as TransferOutcome[];
  };
  if (postings.length === 0) return { call: null, positions, finish };
  const batch = postings.map(({ posting }) => posting);
  const legs = batch.flatMap((posting) => posting.legs);
  const firstLegs = [1];
  for (const posting of batch) firstLegs.push(firstLegs.at(-1)! + posting.legs.length);
  const column = <T>(pick: (posting: Posting) => T) => batch.map(pick);
  const call = Prisma.sql`ledger_post(
      ${column((p) => p.id)}::text[], ${column((p) => p.kind)}::text[],
      ${column((p) => p.roundId)}::text[], ${column((p) => p.betId)}::text[],
      ${column((p) => p.operatorId)}::text[], ${column((p) => p.reason)}::text[],
      ${column(contentText)}::text[], ${firstLegs}::int[],
      ${legs.map((l) => l.from.kind)}::text[], ${legs.map((l) => l.from.owner)}::text[],
      ${legs.map((l) => l.from.round)}::text[], ${legs.map((l) => l.to.kind)}::text[],
      ${legs.map((l) => l.to.owner)}::text[], ${legs.map((l) => l.to.round)}::text[],
      ${legs.map((l) => l.amount)}::bigint[])`;
  return { call, positions, finish };
}

/**
 * Posts many transfers in one round trip, inside `tx`: the group commit of many callers'
 * transfers. Each gets its own outcome; a refused one (bad input, conflict, insufficient funds,
 * unknown account) writes nothing and never fails the others. All the batch's accounts are
 * locked in id order, so put all of one database transaction's transfers in one call.
 */
export async function transferMany(
  // One statement whose answer is JSON: Prisma's client or a node-postgres one (the dealer's).
  tx: Pick<SqlClient, "$queryRaw">,
  requests: readonly TransferRequest[],
): Promise<TransferOutcome[]> {
  const { call, finish } = prepareTransfers(requests);
  if (call === null) return finish(null);
  const [row] = await tx.$queryRaw<{ results: unknown[] }[]>`SELECT ${call} AS results`;
  return finish(row!.results);
}

/**
 * Posts one transfer inside `tx` (or as its own statement when given the client) and returns
 * it; the same id again with the same content returns the first result (`replayed`), with other
 * content throws CONFLICT. Throws FudaError BAD_INPUT or INSUFFICIENT_FUNDS, having written
 * nothing.
 */
export async function transfer(tx: LedgerClient, request: TransferRequest): Promise<Transfer> {
  const [result] = await transferMany(tx, [request]);
  if (!result!.ok) throw result!.error;
  return result!.transfer;
}
