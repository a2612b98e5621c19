import { connection } from "next/server";

import { HistoryFrame } from "~/components/history/history-frame";
import { RecallList } from "~/components/history/rounds-list";
import { env } from "~/env";
import { loadAsPlayer } from "~/history";

/** The last-game recall (`history.recall`): the last 10 rounds with every field. */
export default async function RecallPage() {
  await connection();
  const recall = await loadAsPlayer(env.GAME_API_URL, (client, signal) =>
    client.history.recall.query(undefined, { signal }),
  );
  return (
    <HistoryFrame current="recall">{recall && <RecallList rounds={recall.rounds} />}</HistoryFrame>
  );
}
