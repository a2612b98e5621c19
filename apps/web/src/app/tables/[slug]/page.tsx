import { notFound, redirect } from "next/navigation";
import { connection } from "next/server";

import { BaccaratTable } from "~/components/baccarat/baccarat-table";
import { TableWithChat } from "~/components/chat/table-with-chat";
import { JokerBlackjackTable } from "~/components/joker-blackjack/joker-blackjack-table";
import { PokDengTable } from "~/components/pok-deng/pok-deng-table";
import { SiteHeader } from "~/components/site-header";
import { TableSummary } from "~/components/table-summary";
import { env } from "~/env";
import type { TableDetail } from "~/game-api";
import { loadTable } from "~/game-api";

/** Each game's table, drawn its own way; a game without its page yet shows what `tables.get` says. */
function TableGame({ detail }: { detail: TableDetail }) {
  switch (detail.table.game) {
    case "baccarat":
      return <BaccaratTable detail={detail} />;
    case "pok-deng":
      return <PokDengTable detail={detail} />;
    case "joker-blackjack":
      return <JokerBlackjackTable detail={detail} />;
    default:
      return <TableSummary detail={detail} />;
  }
}

export default async function TablePage({ params }: { params: Promise<{ slug: string }> }) {
  await connection();
  const detail = await loadTable(env.GAME_API_URL, (await params).slug);
  if (detail === null) notFound();
  // The quick game is each player's own game, not a table: its page is /quick.
  if (detail.table.game === "quick-baccarat") redirect("/quick");
  return (
    <>
      <SiteHeader />
      <TableWithChat table={{ id: detail.table.id, game: detail.table.game }}>
        <TableGame detail={detail} />
      </TableWithChat>
    </>
  );
}
