"use client";

import { useEffect, useState } from "react";

/**
 * The browser's clock, ticking each second, for countdowns. Null until mounted: the server's
 * render and the first client render must agree, and neither knows when the page is read.
 */
export function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = (): void => {
      setNow(Date.now());
    };
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  return now;
}

/**
 * Whole seconds left until `closesAt` (rounded up, never below 0); null when there is no
 * deadline the browser can read, so a missing timer is never shown as 0 or NaN.
 */
export const secondsUntil = (closesAt: string | null, now: number): number | null => {
  const closes = closesAt === null ? Number.NaN : Date.parse(closesAt);
  return Number.isFinite(closes) ? Math.max(0, Math.ceil((closes - now) / 1_000)) : null;
};
