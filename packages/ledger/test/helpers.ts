import type { Db } from "@fuda/db";

/** What a promise rejected with (undefined when it resolved). */
export const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** Row counts of the three ledger tables: "nothing written" means these did not change. */
export async function ledgerRows(db: Db): Promise<Record<string, number>> {
  const [row] = await db.$queryRaw<{ accounts: bigint; transfers: bigint; entries: bigint }[]>`
    SELECT (SELECT count(*) FROM ledger_accounts) AS accounts,
           (SELECT count(*) FROM ledger_transfers) AS transfers,
           (SELECT count(*) FROM ledger_entries) AS entries`;
  return {
    accounts: Number(row!.accounts),
    transfers: Number(row!.transfers),
    entries: Number(row!.entries),
  };
}
