"use client";

import { useFormatter } from "next-intl";

import { POINT } from "@fuda/ui";

/** A movement of points with its sign (+12.50, −10, 0), in the page's number format. */
export function useSignedPoints(): (minorUnits: number) => string {
  const format = useFormatter();
  return (minorUnits) =>
    format.number(minorUnits / POINT, {
      signDisplay: "exceptZero",
      minimumFractionDigits: minorUnits % POINT === 0 ? 0 : 2,
      maximumFractionDigits: 2,
    });
}
