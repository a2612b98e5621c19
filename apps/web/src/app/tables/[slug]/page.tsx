import { notFound } from "next/navigation";
import { connection } from "next/server";

import { SiteHeader } from "~/components/site-header";
import { TableSummary } from "~/components/table-summary";
import { env } from "~/env";
import { loadTable } from "~/game-api";

export default async function TablePage({ params }: { params: Promise<{ slug: string }> }) {
  await connection();
  const detail = await loadTable(env.GAME_API_URL, (await params).slug);
  if (detail === null) notFound();
  return (
    <>
      <SiteHeader />
      <TableSummary detail={detail} />
    </>
  );
}
