"use client";

import { useState } from "react";
import type { ReactNode } from "react";

import type { GameName } from "@fuda/api";

import styles from "./chat.module.css";
import { TableChat } from "./table-chat";
import { createTableFeed, TableFeedContext } from "./table-feed";

/**
 * A table's game with its chat beside it: the game's stream is passed on to the chat through
 * one feed, so a page keeps one connection to the table.
 */
export function TableWithChat({
  table,
  children,
}: {
  table: { id: string; game: GameName };
  children: ReactNode;
}) {
  const [feed] = useState(createTableFeed);
  return (
    <TableFeedContext value={feed}>
      <div className={styles.beside}>
        <div className={styles.game}>{children}</div>
        <TableChat table={table} />
      </div>
    </TableFeedContext>
  );
}
