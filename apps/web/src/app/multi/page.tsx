import { connection } from "next/server";

import { MULTI_TABLES_MAX } from "@fuda/api/types";

import { MultiTables } from "~/components/multi/multi-tables";
import { SiteHeader } from "~/components/site-header";
import { Unavailable } from "~/components/unavailable";
import { env } from "~/env";
import type { TableDetail } from "~/game-api";
import { loadLobby, loadTable } from "~/game-api";

/**
 * Several baccarat tables on one screen (docs/players.md, Several tables at once): the tables in
 * `?tables=a,b` (the open ones first when none are named), each with its own countdown, cards,
 * spots and roads, on one stream connection.
 */
export default async function MultiPage({
  searchParams,
}: {
  searchParams: Promise<{ tables?: string | string[] }>;
}) {
  await connection();
  const lobby = await loadLobby(env.GAME_API_URL);
  if (!lobby.available) {
    return (
      <>
        <SiteHeader />
        <main>
          <Unavailable down={lobby.down} reason={lobby.reason} />
        </main>
      </>
    );
  }
  const baccarat = lobby.tables.filter((table) => table.game === "baccarat");
  const { tables: asked } = await searchParams;
  const named = typeof asked === "string" ? asked.split(",").filter(Boolean) : undefined;
  // Unknown or repeated names are dropped, not an error: the picker mends the address.
  const chosen =
    named === undefined
      ? baccarat.filter((table) => table.status === "open").map((table) => table.slug)
      : [...new Set(named)].filter((slug) => baccarat.some((table) => table.slug === slug));
  const details = (
    await Promise.all(
      chosen.slice(0, MULTI_TABLES_MAX).map((slug) => loadTable(env.GAME_API_URL, slug)),
    )
  ).filter((detail): detail is TableDetail => detail !== null);
  return (
    <>
      <SiteHeader />
      <MultiTables
        tables={baccarat.map(({ slug, name }) => ({ slug, name }))}
        details={details}
        max={MULTI_TABLES_MAX}
      />
    </>
  );
}
