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

/**
 * A `datetime-local` field's value ("2026-12-02T18:12") read as UTC, the zone every time on the
 * portal is shown in, as an ISO instant; undefined when empty. A value that is no time is sent as
 * typed, for the API to refuse naming its field.
 */
export function utcFieldToIso(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const date = new Date(`${value.trim()}Z`);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** An instant as a `datetime-local` field's value in UTC, to the minute. */
export const isoToUtcField = (date: Date): string => date.toISOString().slice(0, 16);
