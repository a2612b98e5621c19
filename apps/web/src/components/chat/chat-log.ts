import type { ChatLine } from "@fuda/contracts";

/**
 * What a table's chat panel shows, in order: the table's lines (from `chat.history` and the
 * `chat.message` events, which may overlap), and the lines the page writes itself — the round's
 * system lines and the sender's private answers to a chat bet — which are not stored anywhere.
 */
export type ChatEntry =
  | { kind: "line"; key: string; line: ChatLine }
  | { kind: "system"; key: string; text: string }
  | { kind: "private"; key: string; text: string };

/**
 * An entry's place: a line sits at its id; the page's own entries after the newest line held
 * when they were written, in the order written (`seq`). Lines loaded later fall into place by id.
 */
interface Placed {
  entry: ChatEntry;
  at: bigint;
  seq: number;
}

export interface ChatLog {
  placed: readonly Placed[];
  /** Lines an operator deleted: a history page read before the deletion does not bring them back. */
  deleted: ReadonlySet<string>;
  /** The newest line id held. */
  newest: bigint;
  seq: number;
  /** `chat.history`'s cursor for the lines before the oldest held; null when there are none. */
  earlier: string | null;
  /** Older lines the reader loaded: kept on top of KEPT_ENTRIES. */
  asked: number;
}

/** Entries kept in the page: past it the oldest go (and "load earlier" brings them back). */
export const KEPT_ENTRIES = 500;

/** A line id as its order (ids are decimal: newer is larger); 0 for anything else. */
export const lineOrder = (id: string): bigint => (/^[0-9]{1,30}$/.test(id) ? BigInt(id) : 0n);

const before = (a: Placed, b: Placed): number =>
  a.at === b.at ? a.seq - b.seq : a.at < b.at ? -1 : 1;

export const emptyLog = (): ChatLog => ({
  placed: [],
  deleted: new Set(),
  newest: 0n,
  seq: 0,
  earlier: null,
  asked: 0,
});

/** The entries in order. */
export const entriesOf = (log: ChatLog): ChatEntry[] => log.placed.map(({ entry }) => entry);

/**
 * Keeps the newest KEPT_ENTRIES (and what the reader loaded on top); dropping lines makes the
 * oldest kept the cursor for earlier ones.
 */
function kept(log: ChatLog): ChatLog {
  const room = KEPT_ENTRIES + log.asked;
  if (log.placed.length <= room) return log;
  const placed = log.placed.slice(log.placed.length - room);
  const dropped = log.placed.slice(0, log.placed.length - room);
  const oldest = placed.find(({ entry }) => entry.kind === "line");
  return {
    ...log,
    placed,
    earlier:
      dropped.some(({ entry }) => entry.kind === "line") && oldest !== undefined
        ? oldest.entry.key
        : log.earlier,
  };
}

/** The log with `lines` in place (a line already held is held once), deleted ones left out. */
export const withLines = (log: ChatLog, lines: readonly ChatLine[]): ChatLog =>
  kept(merged(log, lines));

function merged(log: ChatLog, lines: readonly ChatLine[]): ChatLog {
  const fresh = lines.filter((line) => !log.deleted.has(line.id));
  if (fresh.length === 0) return log;
  const ids = new Set(fresh.map((line) => line.id));
  const placed = [
    ...log.placed.filter(({ entry }) => entry.kind !== "line" || !ids.has(entry.key)),
    ...fresh.map((line): Placed => ({
      entry: { kind: "line", key: line.id, line },
      at: lineOrder(line.id),
      seq: 0,
    })),
  ].sort(before);
  const newest = fresh.reduce((max, line) => {
    const at = lineOrder(line.id);
    return at > max ? at : max;
  }, log.newest);
  return { ...log, placed, newest };
}

/**
 * The newest page of the history (read when the stream opens, and again after it broke): its
 * lines in place, and any held line it skips between its oldest and newest (an operator deleted
 * it while the stream was away) gone. Lines that came after the page was read stay.
 */
export function withNewestPage(
  log: ChatLog,
  page: { lines: readonly ChatLine[]; nextCursor: string | null },
): ChatLog {
  const ids = new Set(page.lines.map((line) => line.id));
  const orders = page.lines.map((line) => lineOrder(line.id));
  const top = orders.reduce((max, at) => (at > max ? at : max), 0n);
  // With no older page, the page holds every line up to its newest.
  const bottom =
    page.nextCursor === null ? 0n : orders.reduce((min, at) => (at < min ? at : min), top);
  const placed = log.placed.filter(
    ({ entry, at }) => entry.kind !== "line" || ids.has(entry.key) || at < bottom || at > top,
  );
  // Older lines held already: their cursor still reads the ones before them.
  const olderHeld = placed.some(({ entry, at }) => entry.kind === "line" && at < bottom);
  return withLines(
    { ...log, placed, earlier: olderHeld ? log.earlier : page.nextCursor },
    page.lines,
  );
}

/**
 * A page of older lines ("load earlier"): in place, and the cursor for the page before it. The
 * reader asked for them: they are kept whatever the count.
 */
export function withEarlierPage(
  log: ChatLog,
  page: { lines: readonly ChatLine[]; nextCursor: string | null },
): ChatLog {
  return merged(
    { ...log, earlier: page.nextCursor, asked: log.asked + page.lines.length },
    page.lines,
  );
}

/** The log without the line `messageId` (`chat.deleted`), now and if a page brings it again. */
export function withoutLine(log: ChatLog, messageId: string): ChatLog {
  return {
    ...log,
    placed: log.placed.filter(({ entry }) => entry.kind !== "line" || entry.key !== messageId),
    deleted: new Set(log.deleted).add(messageId),
  };
}

/** The log with a line the page writes itself (a system line, a private answer) at its end. */
export function withOwnEntry(log: ChatLog, kind: "system" | "private", text: string): ChatLog {
  const seq = log.seq + 1;
  return kept({
    ...log,
    seq,
    placed: [...log.placed, { entry: { kind, key: `${kind}-${seq}`, text }, at: log.newest, seq }],
  });
}
