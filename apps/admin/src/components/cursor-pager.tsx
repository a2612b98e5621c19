"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";

import { answered, problemOf } from "~/procedures";

import styles from "./records.module.css";
import { searchHref } from "./url-search";

/** A page of a search paged on the server, newest first: `nextCursor` reads the older page. */
interface Paged {
  nextCursor: string | null;
}

export interface CursorPages<P> {
  page: P | null;
  problem: string | null;
  /** 0 on the newest page, one more for each older page read. */
  index: number;
  /** Back to the search's newest page. */
  first: () => void;
  /** Back to the newer page, or null on the newest. */
  newer: (() => void) | null;
  /** On to the older page, or null on the oldest. */
  older: (() => void) | null;
}

/**
 * The address's parameter holding the cursors of the pages read before this one (oldest last),
 * joined by "." (never in a cursor: they are base64url or digits). So a reload, a shared link and
 * Back return to the same page; a new search's address has none and starts from the newest.
 */
const PAGES = "pages";
const SEPARATOR = ".";

/**
 * A server-paged search: the cursors of the pages before this one (to go back), kept in the
 * page's address, and the page shown. `inputOf` turns the search and a cursor into the input of
 * `read`, the procedure's query (`(input) => relayApi.admin.rounds.search.query(input)`).
 */
export function useCursorPages<S, I, P extends Paged>(
  read: (input: I) => Promise<P>,
  search: S,
  inputOf: (search: S, cursor: string | undefined) => I,
): CursorPages<P> {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const trail = params.get(PAGES) ?? "";
  const cursors: (string | undefined)[] = [
    undefined,
    ...trail.split(SEPARATOR).filter((cursor) => cursor !== ""),
  ];
  const [page, setPage] = useState<P | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = inputOf(search, cursors[cursors.length - 1]);
  const key = JSON.stringify(input);
  // The latest `read` and `input`, for a read keyed by the input's JSON alone: a fresh object
  // (or a fresh `read`) each render does not read again.
  const asked = useRef({ read, input });
  useEffect(() => {
    asked.current = { read, input };
  });

  // The answer is applied when it arrives, never synchronously in the effect; an answer for a
  // search left meanwhile (Back pressed twice) is dropped.
  useEffect(() => {
    let live = true;
    void answered(asked.current.read(asked.current.input)).then((answer) => {
      if (!live) return;
      if (answer.ok) {
        setPage(answer.data);
        setProblem(null);
      } else setProblem(problemOf(answer));
    });
    return () => {
      live = false;
    };
  }, [key]);

  const next = page?.nextCursor ?? null;
  const pageTo = (chosen: (string | undefined)[]) => {
    // The newest page's address names no pages (searchHref leaves out an empty value).
    const query = { ...Object.fromEntries(params), [PAGES]: chosen.slice(1).join(SEPARATOR) };
    router.push(searchHref(pathname, query), { scroll: false });
  };
  return {
    page,
    problem,
    index: cursors.length - 1,
    first: () => {
      pageTo([undefined]);
    },
    newer:
      cursors.length === 1
        ? null
        : () => {
            pageTo(cursors.slice(0, -1));
          },
    older:
      next === null
        ? null
        : () => {
            pageTo([...cursors, next]);
          },
  };
}

/** The Newer / Older buttons under a server-paged table. */
export function CursorPager({ pages }: { pages: Pick<CursorPages<unknown>, "newer" | "older"> }) {
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
