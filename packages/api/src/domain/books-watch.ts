/**
 * The ledger's books checked while the game API runs (docs/operations.md, alerts: books not
 * balanced): `checkBooks` now and every `everyMs`, its result as `fuda_ledger_books_balanced`
 * (1 or 0) and the time of the check as `fuda_ledger_books_checked_seconds`, and an error line
 * with what differs when the books are not clean. One statement over the whole ledger: run by
 * one process per deployment is enough, but more only repeat it.
 */
import type { Db } from "@fuda/db";
import { isDatabaseUnreachable } from "@fuda/db";
import type { Books } from "@fuda/ledger";
import { checkBooks } from "@fuda/ledger";
import type { LiveLog } from "@fuda/live";
import { booksBalanced, booksChecked, createLogger, unixSeconds } from "@fuda/telemetry";

export interface BooksWatchOptions {
  db: Db;
  /** Pause between two checks (default a minute). */
  everyMs?: number;
  /** Default: JSON lines on stdout, as the servers' own. */
  log?: LiveLog;
}

export interface BooksWatch {
  /** Checks now (also every `everyMs`): the books, or null when they could not be read. */
  check(): Promise<Books | null>;
  /** No further check; waits for the one running. */
  stop(): Promise<void>;
}

export function startBooksWatch({
  db,
  everyMs = 60_000,
  log = createLogger("books"),
}: BooksWatchOptions): BooksWatch {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function check(): Promise<Books | null> {
    let books: Books;
    try {
      books = await checkBooks(db);
    } catch (error) {
      // Unknown is not unbalanced: the gauge keeps its value, the check's time grows old.
      const reason = String(error).replace(/\s+/g, " ");
      if (isDatabaseUnreachable(error)) log.warn({ reason }, "books check: database unreachable");
      else log.error({ err: error }, "books check failed");
      return null;
    }
    booksBalanced.set(books.clean ? 1 : 0);
    booksChecked.set(unixSeconds());
    if (!books.clean) {
      log.error(
        {
          total: books.total,
          accounts: books.accounts.length,
          transfers: books.transfers.length,
          orphans: books.orphans.length,
        },
        "ledger books do not balance",
      );
    }
    return books;
  }

  /** One check, then the next one `everyMs` after it ends (never two at once). */
  function loop(): void {
    running = check().finally(() => {
      if (stopped) return;
      timer = setTimeout(loop, everyMs);
      // The watch never keeps a process alive that has nothing else to do.
      timer.unref();
    });
  }
  loop();

  return {
    check: () => {
      const next = running.then(check);
      running = next;
      return next;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
