import { baccarat } from "@fuda/rules";

import styles from "./mini-road.module.css";

const WINNERS: readonly unknown[] = ["player", "banker", "tie"];
const isOptionalFlag = (value: unknown) => value === undefined || typeof value === "boolean";

/**
 * A baccarat road mark as the runtime stores it (packages/rules baccarat `roadMark`). Checked by
 * hand: a schema library would more than double the lobby's own JavaScript.
 */
function isMark(mark: unknown): mark is baccarat.RoadRound {
  if (typeof mark !== "object" || mark === null) return false;
  const { winner, playerPair, bankerPair } = mark as Record<string, unknown>;
  return WINNERS.includes(winner) && isOptionalFlag(playerPair) && isOptionalFlag(bankerPair);
}

const ROWS = 6;

/** The baccarat marks among `road`, or undefined when the road is another game's. */
export function baccaratMarks(road: readonly unknown[]): baccarat.RoadRound[] | undefined {
  return road.every(isMark) ? (road as baccarat.RoadRound[]) : undefined;
}

/** A small big road: red Banker, blue Player rings, a green slash per tie, pair dots. */
export function MiniBigRoad({ marks, label }: { marks: baccarat.RoadRound[]; label: string }) {
  const cells = baccarat.drawBigRoad(baccarat.bigRoad(marks), ROWS);
  const columns = Math.max(12, ...cells.map((drawn) => drawn.column + 1));
  return (
    <div
      className={styles.road}
      role="img"
      aria-label={label}
      data-testid="big-road"
      data-marks={marks.length}
      style={{ gridTemplateColumns: `repeat(${columns}, 12px)` }}
    >
      {cells.map(({ column, row, cell }) => (
        <span
          key={`${column},${row}`}
          className={styles.cell}
          data-winner={cell.winner}
          style={{ gridColumn: column + 1, gridRow: row + 1 }}
        >
          {cell.ties > 0 && <span className={styles.tie} />}
          {cell.bankerPair && <span className={styles.bankerPair} />}
          {cell.playerPair && <span className={styles.playerPair} />}
        </span>
      ))}
    </div>
  );
}
