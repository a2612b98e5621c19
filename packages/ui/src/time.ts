/** The betting window; 0 means the hand is dealt on demand (the quick game has no countdown). */
export function formatCountdown(seconds: number): string {
  if (seconds <= 0) return "Deal on demand";
  if (seconds < 60) return `${seconds} s to bet`;
  const rest = seconds % 60;
  return `${Math.floor(seconds / 60)} min${rest === 0 ? "" : ` ${rest} s`} to bet`;
}

/** Operators compare times across services: always UTC, to the second. */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
