import { baccarat } from "@fuda/rules";
import { z } from "zod";

import styles from "./mini-road.module.css";

/** A baccarat road mark as the runtime stores it (packages/rules baccarat `roadMark`). */
const markSchema = z.object({
  winner: z.enum(["player", "banker", "tie"]),
  playerPair: z.boolean().optional(),
  bankerPair: z.boolean().optional(),
});

const ROWS = 6;

/** The baccarat marks among `road`, or undefined when the road is another game's. */
export function baccaratMarks(road: readonly unknown[]): baccarat.RoadRound[] | undefined {
  const parsed = z.array(markSchema).safeParse(road);
  return parsed.success ? parsed.data : undefined;
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
