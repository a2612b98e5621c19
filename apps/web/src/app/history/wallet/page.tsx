import { connection } from "next/server";

import { HistoryFrame } from "~/components/history/history-frame";
import { WalletList } from "~/components/history/wallet-list";
import { env } from "~/env";
import { loadAsPlayer, pageSize } from "~/history";

/** The wallet's entries (`wallet.history`), a page at a time. */
export default async function WalletPage({
  searchParams,
}: {
  searchParams: Promise<{ limit?: string | string[] }>;
}) {
  await connection();
  const limit = pageSize((await searchParams).limit);
  const first = await loadAsPlayer(env.GAME_API_URL, (client, signal) =>
    client.wallet.history.query({ limit }, { signal }),
  );
  return (
    <HistoryFrame current="wallet">
      {first && <WalletList first={first} limit={limit} />}
    </HistoryFrame>
  );
}
