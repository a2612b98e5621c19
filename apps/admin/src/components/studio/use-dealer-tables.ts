"use client";

import { useEffect, useState } from "react";

import type { RouterOutputs } from "@fuda/api";

import { answered, problemOf, relayApi } from "~/procedures";

export type DealerTable = RouterOutputs["studio"]["tables"][number];

/** The signed-in dealer's tables (`studio.tables`): null while loading, or what was refused. */
export function useDealerTables(): { tables: DealerTable[] | null; problem: string | null } {
  const [tables, setTables] = useState<DealerTable[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void answered(relayApi.studio.tables.query()).then((answer) => {
      if (!live) return;
      if (answer.ok) setTables(answer.data);
      else setProblem(problemOf(answer));
    });
    return () => {
      live = false;
    };
  }, []);
  return { tables, problem };
}
