"use client";

import { use } from "react";

import studio from "~/components/studio/studio.module.css";
import { StudioConsole } from "~/components/studio/studio-console";
import { useDealerTables } from "~/components/studio/use-dealer-tables";

/**
 * One table's studio console; the address names the table by its slug (or its id), the
 * procedures by its id, found among the dealer's own tables.
 */
export default function StudioTablePage({ params }: { params: Promise<{ table: string }> }) {
  const { table: named } = use(params);
  const key = decodeURIComponent(named);
  const { tables, problem } = useDealerTables();
  const table = tables?.find((entry) => entry.slug === key || entry.id === key);

  if (table !== undefined) return <StudioConsole key={table.id} tableId={table.id} />;
  return (
    <main className={studio.console} aria-busy={tables === null && problem === null}>
      {problem !== null && (
        <p className={studio.problem} role="alert">
          {problem}
        </p>
      )}
      {tables !== null && (
        <p className={studio.problem} role="alert">
          “{key}” is not one of your tables. <a href="/studio">Your tables</a>
        </p>
      )}
    </main>
  );
}
