"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { ReactNode } from "react";

import { baccarat } from "@fuda/rules";

import { useLabels } from "~/i18n/use-labels";

import styles from "./baccarat.module.css";

const ROWS = 6;
/** Columns always drawn, so an empty road is a grid, not a gap. */
const MIN_COLUMNS = { bead: 12, big: 24, derived: 24 };

const DERIVED: readonly baccarat.DerivedRoadName[] = ["bigEyeBoy", "smallRoad", "cockroachPig"];

/**
 * A derived road's marks drawn on a grid: a streak runs down its column and turns right at the
 * bottom, as the big road does, so it is laid out by the big road's own `drawBigRoad` (red as
 * the Banker's colour, blue as the Player's).
 */
function drawDerived(columns: readonly (readonly baccarat.Mark[])[]) {
  const road: baccarat.BigRoad = {
    leadingTies: 0,
    columns: columns.map((marks) =>
      marks.map((mark) => ({
        winner: mark === "red" ? "banker" : "player",
        ties: 0,
        playerPair: false,
        bankerPair: false,
      })),
    ),
  };
  return baccarat.drawBigRoad(road, ROWS).map(({ column, row, cell }) => ({
    column,
    row,
    mark: cell.winner === "banker" ? ("red" as const) : ("blue" as const),
  }));
}

/** A derived road's columns with one more mark: it extends the last streak or starts one. */
function withMark(columns: readonly (readonly baccarat.Mark[])[], mark: baccarat.Mark) {
  const next = columns.map((column) => [...column]);
  const last = next.at(-1);
  if (last?.[0] === mark) last.push(mark);
  else next.push([mark]);
  return next;
}

const columnsOf = (cells: readonly { column: number }[], least: number): number =>
  Math.max(least, ...cells.map((cell) => cell.column + 2));

function Grid({
  name,
  label,
  columns,
  testId,
  count,
  children,
}: {
  name: string;
  label: string;
  columns: number;
  testId: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <figure className={styles.road} data-road={name}>
      <figcaption>{label}</figcaption>
      {/* Focusable, so a keyboard scrolls a road wider than the screen (WCAG 2.1.1). */}
      <div className={styles.roadScroll} tabIndex={0} role="region" aria-label={label}>
        <div
          className={styles.roadGrid}
          role="img"
          aria-label={label}
          data-testid={testId}
          data-marks={count}
          style={{ gridTemplateColumns: `repeat(${columns}, var(--cell))` }}
        >
          {children}
        </div>
      </div>
    </figure>
  );
}

/**
 * The five roads of the shoe (bead plate, big road with ties and pair dots, big eye boy, small
 * road, cockroach pig) and the ask buttons: "if the Player (Banker) wins next", each derived
 * road's next mark blinks in place and is said in words.
 */
export function Roads({ marks }: { marks: readonly baccarat.RoadRound[] }) {
  const t = useTranslations("baccarat");
  const labels = useLabels();
  const [ask, setAsk] = useState<baccarat.Side | null>(null);
  const all = baccarat.roads(marks);
  const asked = ask === null ? null : baccarat.askRoads(marks, ask);
  const beads = all.beadPlate;
  const big = baccarat.drawBigRoad(all.bigRoad, ROWS);
  const counted = t("roadCount", { count: marks.length });
  return (
    <section className={styles.roads} aria-label={t("roads")} data-testid="roads">
      <Grid
        name="beadPlate"
        label={`${t("beadPlate")} · ${counted}`}
        columns={columnsOf(beads, MIN_COLUMNS.bead)}
        testId="bead-plate"
        count={beads.length}
      >
        {beads.map((bead) => (
          <span
            key={`${bead.column},${bead.row}`}
            className={styles.bead}
            data-winner={bead.winner}
            style={{ gridColumn: bead.column + 1, gridRow: bead.row + 1 }}
          >
            {t(`bead.${bead.winner}`)}
            {bead.bankerPair && <span className={styles.bankerPair} />}
            {bead.playerPair && <span className={styles.playerPair} />}
          </span>
        ))}
      </Grid>
      <Grid
        name="bigRoad"
        label={t("bigRoad")}
        columns={columnsOf(big, MIN_COLUMNS.big)}
        testId="big-road"
        count={marks.length}
      >
        {big.map(({ column, row, cell }) => (
          <span
            key={`${column},${row}`}
            className={styles.ring}
            data-winner={cell.winner}
            data-ties={cell.ties}
            style={{ gridColumn: column + 1, gridRow: row + 1 }}
          >
            {cell.ties > 0 && <span className={styles.tie} />}
            {cell.ties > 1 && <span className={styles.tieCount}>{cell.ties}</span>}
            {cell.bankerPair && <span className={styles.bankerPair} />}
            {cell.playerPair && <span className={styles.playerPair} />}
          </span>
        ))}
      </Grid>
      <div className={styles.derived}>
        {DERIVED.map((name) => {
          const cells = drawDerived(all[name].columns);
          const next = asked?.[name] ?? null;
          const nextCell =
            next === null ? null : drawDerived(withMark(all[name].columns, next)).at(-1)!;
          return (
            <Grid
              key={name}
              name={name}
              label={t(name)}
              columns={columnsOf(cells, MIN_COLUMNS.derived)}
              testId={`road-${name}`}
              count={all[name].marks.length}
            >
              {cells.map(({ column, row, mark }) => (
                <span
                  key={`${column},${row}`}
                  className={styles.derivedMark}
                  data-mark={mark}
                  style={{ gridColumn: column + 1, gridRow: row + 1 }}
                />
              ))}
              {nextCell !== null && (
                <span
                  className={styles.derivedMark}
                  data-mark={nextCell.mark}
                  data-asked
                  style={{ gridColumn: nextCell.column + 1, gridRow: nextCell.row + 1 }}
                />
              )}
            </Grid>
          );
        })}
      </div>
      <div className={styles.ask} role="group" aria-label={t("ask")}>
        {(["player", "banker"] as const).map((side) => (
          <button
            key={side}
            type="button"
            className={styles.askButton}
            data-side={side}
            data-testid={`ask-${side}`}
            aria-pressed={ask === side}
            onClick={() => {
              setAsk((current) => (current === side ? null : side));
            }}
          >
            {t(side === "player" ? "askPlayer" : "askBanker")}
          </button>
        ))}
      </div>
      {asked !== null && ask !== null && (
        <p className={styles.askPreview} data-testid="ask-preview" aria-live="polite">
          {t("askPreview", { side: labels.bet("baccarat", ask) })}:{" "}
          {DERIVED.map((name) => `${t(name)} ${t(`mark.${asked[name] ?? "none"}`)}`).join(" · ")}
        </p>
      )}
    </section>
  );
}
