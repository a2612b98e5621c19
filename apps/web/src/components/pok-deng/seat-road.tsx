"use client";

import type { pokDeng } from "@fuda/rules";

import styles from "./pok-deng.module.css";

type SeatRoadMark = pokDeng.SeatRoadMark;

const RESULTS: readonly unknown[] = ["win", "lose", "tie"];

/** The marks of `seat` in the table's road (one list of five marks per round), oldest first. */
export function seatMarks(road: readonly unknown[], seat: number): SeatRoadMark[] {
  return road.flatMap((round) => {
    const mark = Array.isArray(round) ? (round[seat - 1] as Partial<SeatRoadMark>) : undefined;
    return mark !== undefined && RESULTS.includes(mark.result) ? [mark as SeatRoadMark] : [];
  });
}

const ROWS = 3;
const COLUMNS = 8;

/**
 * A seat's road (docs/rules/pok-deng.md, Roads): filled top to bottom, then the next column; the
 * last rounds that fit. Blue a win, grey a loss, green a tie; a ring for a flush, a dot for a pair.
 */
export function SeatRoad({ marks, label }: { marks: SeatRoadMark[]; label: string }) {
  const shown = marks.slice(-ROWS * COLUMNS);
  return (
    <div
      className={styles.road}
      role="img"
      aria-label={label}
      data-testid="seat-road"
      data-marks={marks.length}
    >
      {shown.map((mark, index) => (
        <span
          key={index}
          className={styles.mark}
          data-result={mark.result}
          data-flush={mark.flushRing}
          style={{ gridColumn: Math.floor(index / ROWS) + 1, gridRow: (index % ROWS) + 1 }}
        >
          {mark.pairDot && <span className={styles.pairDot} />}
        </span>
      ))}
    </div>
  );
}
