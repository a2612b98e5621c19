import { formatPoints } from "@fuda/rules";
import type { StakeLimit } from "@fuda/rules";

/** A bet type's stake range in points: { min: 100, max: 500000 } → "1–5,000". */
export function formatLimit(limit: StakeLimit): string {
  return `${formatPoints(limit.min)}–${formatPoints(limit.max)}`;
}
