import { connection } from "next/server";

import { HistoryFrame } from "~/components/history/history-frame";
import { RoundsList } from "~/components/history/rounds-list";
import { env } from "~/env";
import { loadAsPlayer, pageSize } from "~/history";

/** The player's rounds (`history.mine`), a page at a time. */
export default async function RoundsPage({
  searchParams,
}: {
  searchParams: Promise<{ limit?: string | string[] }>;
}) {
  await connection();
  const limit = pageSize((await searchParams).limit);
  const first = await loadAsPlayer(env.GAME_API_URL, (client, signal) =>
    client.history.mine.query({ limit }, { signal }),
  );
  return (
    <HistoryFrame current="rounds">
      {first && <RoundsList first={first} limit={limit} />}
    </HistoryFrame>
  );
}
