"use client";

import { useCallback, useEffect, useState } from "react";

import { problemOf, queryProcedure } from "~/procedures";
import type { Answer } from "~/procedures";

import styles from "./records.module.css";

/** A page of a search paged on the server, newest first: `nextCursor` reads the older page. */
interface Paged {
  nextCursor: string | null;
}

export interface CursorPages<S, P> {
  page: P | null;
  problem: string | null;
  /** The search the page answers. */
  search: S;
  /** 0 on the newest page, one more for each older page read. */
  index: number;
  /** Search again from the newest page. */
  searchFor: (search: S) => void;
  /** Back to the newer page, or null on the newest. */
  newer: (() => void) | null;
  /** On to the older page, or null on the oldest. */
  older: (() => void) | null;
}

/**
 * A server-paged search: the chosen search, the cursors of the pages before this one (to go
 * back), and the page shown. `inputOf` turns the search and a cursor into the procedure's input.
 */
export function useCursorPages<S, P extends Paged>(
  procedure: string,
  initial: S,
  inputOf: (search: S, cursor: string | undefined) => unknown,
): CursorPages<S, P> {
  const [search, setSearch] = useState(initial);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<P | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Compared by its JSON so a fresh input object each render does not fetch again.
  const key = JSON.stringify(inputOf(search, cursors[cursors.length - 1]));

  const fetchPage = useCallback(
    () => queryProcedure<P>(procedure, JSON.parse(key) as unknown),
    [procedure, key],
  );
  const apply = useCallback((answer: Answer<P>) => {
    if (answer.ok) {
      setPage(answer.data);
      setProblem(null);
    } else setProblem(problemOf(answer));
  }, []);

  // The answer is applied when it arrives, never synchronously in the effect.
  useEffect(() => {
    void fetchPage().then(apply);
  }, [fetchPage, apply]);

  const next = page?.nextCursor ?? null;
  return {
    page,
    problem,
    search,
    index: cursors.length - 1,
    searchFor: (chosen) => {
      setSearch(chosen);
      setCursors([undefined]);
    },
    newer:
      cursors.length === 1
        ? null
        : () => {
            setCursors(cursors.slice(0, -1));
          },
    older:
      next === null
        ? null
        : () => {
            setCursors([...cursors, next]);
          },
  };
}

/** The Newer / Older buttons under a server-paged table. */
export function CursorPager({
  pages,
}: {
  pages: Pick<CursorPages<unknown, unknown>, "newer" | "older">;
}) {
  const buttons = [
    ["Newer", pages.newer],
    ["Older", pages.older],
  ] as const;
  return (
    <div className={styles.pager}>
      {buttons.map(([label, go]) => (
        <button
          key={label}
          type="button"
          className={styles.secondary}
          disabled={go === null}
          onClick={() => {
            go?.();
          }}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
