"use client";

import { useCallback, useEffect, useState } from "react";

import type { RouterOutputs } from "@fuda/api";
import { formatPoints, formatTimestamp } from "@fuda/ui";

import styles from "~/components/records.module.css";
import { problemOf, queryProcedure } from "~/procedures";
import type { Answer } from "~/procedures";

type Page = RouterOutputs["admin"]["players"]["search"];

/** Players by part of their name or e-mail, newest first, paged on the server. */
export default function PlayersPage() {
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<Page | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cursor = cursors[cursors.length - 1];

  const fetchPage = useCallback(
    () =>
      queryProcedure<Page>("admin.players.search", {
        query: query === "" ? undefined : query,
        cursor,
        limit: 25,
      }),
    [query, cursor],
  );
  const apply = useCallback((answer: Answer<Page>) => {
    if (answer.ok) {
      setPage(answer.data);
      setProblem(null);
    } else setProblem(problemOf(answer));
  }, []);

  // The answer is applied when it arrives, never synchronously in the effect.
  useEffect(() => {
    void fetchPage().then(apply);
  }, [fetchPage, apply]);

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Players</h1>
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(draft.trim());
          setCursors([undefined]);
        }}
      >
        <label>
          Name or e-mail
          <input
            name="query"
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
            }}
          />
        </label>
        <button type="submit" className={styles.button} data-testid="players-search">
          Search
        </button>
      </form>
      {problem !== null && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      {page !== null && (
        <>
          <div className={styles.scroller}>
            <table className={styles.table} data-testid="players">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col" className={styles.number}>
                    Balance
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody>
                {page.players.map((player) => (
                  <tr key={player.id} data-testid="player-row" data-player-id={player.id}>
                    <td>
                      <a href={`/players/${player.id}`}>{player.name}</a>
                      {player.isAnonymous && " (guest)"}
                    </td>
                    <td>{player.email}</td>
                    <td className={styles.number}>{formatPoints(player.balance)}</td>
                    <td>
                      {player.banned ? <span className={styles.void}>banned</span> : "active"}
                    </td>
                    <td>{formatTimestamp(player.createdAt)}</td>
                  </tr>
                ))}
                {page.players.length === 0 && (
                  <tr>
                    <td colSpan={5}>No player matches.</td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <div className={styles.pager}>
            <button
              type="button"
              className={styles.secondary}
              disabled={cursors.length === 1}
              onClick={() => {
                setCursors(cursors.slice(0, -1));
              }}
            >
              Newer
            </button>
            <button
              type="button"
              className={styles.secondary}
              disabled={page.nextCursor === null}
              onClick={() => {
                if (page.nextCursor !== null) setCursors([...cursors, page.nextCursor]);
              }}
            >
              Older
            </button>
          </div>
        </>
      )}
    </main>
  );
}
