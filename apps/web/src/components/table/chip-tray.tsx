"use client";

import { useTranslations } from "next-intl";

import type { StakeLimit } from "@fuda/ui";
import { POINT } from "@fuda/ui";

import { useLabels } from "~/i18n/use-labels";

import styles from "./table.module.css";

/** Chip denominations as multiples of the table's smallest stake. */
const MULTIPLES = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1_000];
const CHIPS = 6;

/**
 * The chips a table offers, in minor units: the smallest stake any of its bets takes, then
 * multiples of it up to the largest stake a bet takes, six at most.
 */
export function chipValues(limits: Readonly<Record<string, StakeLimit>>): number[] {
  const all = Object.values(limits);
  if (all.length === 0) return [POINT];
  const smallest = Math.max(POINT, Math.min(...all.map((limit) => limit.min)));
  const largest = Math.max(...all.map((limit) => limit.max));
  const values = MULTIPLES.map((times) => smallest * times).filter((value) => value <= largest);
  return (values.length === 0 ? [smallest] : values).slice(0, CHIPS);
}

/** The chip tray: one chip chosen at a time, reachable by Tab and announced with its value. */
export function ChipTray({
  values,
  selected,
  onSelect,
}: {
  values: readonly number[];
  selected: number;
  onSelect: (value: number) => void;
}) {
  const t = useTranslations("tablePlay");
  const labels = useLabels();
  return (
    <div className={styles.chips} role="radiogroup" aria-label={t("chips")} data-testid="chips">
      {values.map((value, index) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={value === selected}
          aria-label={t("chip", { amount: labels.points(value) })}
          className={styles.chip}
          data-chip={index % 6}
          data-testid="chip"
          data-value={value}
          onClick={() => {
            onSelect(value);
          }}
        >
          {labels.points(value)}
        </button>
      ))}
    </div>
  );
}
