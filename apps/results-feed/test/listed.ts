import type { Db } from "@fuda/db";

/**
 * Waits until the feed lists every finished round: a page lists a round once every transaction
 * older than its finish has ended, on the whole server (feed-rounds.ts), other tests' transactions
 * too. Until then two answers a moment apart may differ by the last rounds.
 */
export async function untilListed(db: Db): Promise<void> {
  const unlisted = async () => {
    const [row] = await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM rounds
      WHERE finished_xid >= pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;
    return row!.n;
  };
  while ((await unlisted()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
}
