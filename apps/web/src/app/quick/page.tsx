import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { connection } from "next/server";

import { QuickGame } from "~/components/quick/quick-game";
import { QuickGuest } from "~/components/quick/quick-guest";
import { SiteHeader } from "~/components/site-header";
import { env } from "~/env";
import { loadAsPlayer } from "~/history";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("quick");
  return { title: `Fuda · ${t("title")}` };
}

/** The visitor's own quick game (`quick.state`), as the server keeps it: a reload continues it. */
export default async function QuickPage() {
  await connection();
  const game = await loadAsPlayer(env.GAME_API_URL, (client, signal) =>
    client.quick.state.query(undefined, { signal }),
  );
  return (
    <>
      <SiteHeader />
      {game === null ? <QuickGuest /> : <QuickGame initial={game} />}
    </>
  );
}
