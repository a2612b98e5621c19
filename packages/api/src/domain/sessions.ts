/**
 * A player's sessions (docs/accounts.md, Sessions): where they are signed in, and signing out of
 * any or all of them. A session ends by its row going: every request reads its row
 * (readSession), so the other device is signed out at its next request.
 */
import type { Db } from "@fuda/db";

import { FudaError } from "../errors";

export interface SessionView {
  id: string;
  /** The browser and system in words, e.g. "Chrome on Android"; "Unknown device" without one. */
  device: string;
  ipAddress: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
  /** The session this request came with. */
  current: boolean;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Line\//, "LINE"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPod/, "iPhone"],
  [/iPad/, "iPad"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** A user agent in the words a player recognises; the first match of each list wins. */
export function deviceOf(userAgent: string | null): string {
  if (userAgent === null || userAgent.trim() === "") return "Unknown device";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser !== undefined && system !== undefined) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 40);
}

/** The user's live sessions, the most recently seen first. */
export async function listSessions(
  db: Db,
  { userId, currentSessionId }: { userId: string; currentSessionId: string | undefined },
): Promise<SessionView[]> {
  const rows = await db.session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: [{ lastSeenAt: "desc" }, { createdAt: "desc" }],
    select: { id: true, userAgent: true, ipAddress: true, createdAt: true, lastSeenAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.userAgent),
    ipAddress: row.ipAddress,
    signedInAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the user's own sessions; another user's id is NOT_FOUND, as an unknown one. */
export async function endSession(
  db: Db,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<{ ended: number }> {
  const { count } = await db.session.deleteMany({ where: { id: sessionId, userId } });
  if (count === 0) throw new FudaError("NOT_FOUND", "sessionId: no such session of yours");
  return { ended: count };
}

/** Ends the user's sessions but `keep` (the current one). */
export async function endOtherSessions(
  db: Db,
  { userId, keep }: { userId: string; keep: string | undefined },
): Promise<{ ended: number }> {
  const { count } = await db.session.deleteMany({
    where: { userId, ...(keep === undefined ? {} : { id: { not: keep } }) },
  });
  return { ended: count };
}
