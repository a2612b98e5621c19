"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";

import { RULE } from "@fuda/contracts";

import { answered, relayApi } from "../../relay-api";
import type { ApiError } from "../../relay-api";

import { useAccount } from "../account-context";
import { useTableFeed } from "../chat/table-feed";
import { playChip } from "../sound";
import type { BannerKind } from "./status-banner";

/** One stake as `bets.place` takes it: a bet id, the seat at a seated game, minor units. */
export interface SlipBet {
  bet: string;
  seat?: number;
  amount: number;
}

export interface SlipError {
  kind: BannerKind;
  message: string;
}

/** Which banner a refusal shows: the domain's `reason`, then the rules' code for bad input. */
export function kindOfRefusal(error: ApiError | undefined, status: number): BannerKind {
  const reason = error?.data?.reason;
  if (reason === "BETTING_CLOSED") return "closed";
  if (reason === "INSUFFICIENT_FUNDS") return "funds";
  if (reason === "UNAUTHENTICATED" || status === 401) return "signIn";
  switch (error?.data?.details?.rule) {
    case RULE.ABOVE_MAX:
    case RULE.EXPOSURE_CAP:
      return "overLimit";
    case RULE.BELOW_MIN:
      return "belowMin";
    case RULE.BET_CLOSED_AFTER_ROUND:
    case RULE.BET_NOT_OFFERED:
      return "spotClosed";
    default:
      return "other";
  }
}

/** The bet a refusal names (`bets.2.amount` → the slip's third bet), if any. */
const refusedBet = (error: ApiError | undefined, slip: readonly SlipBet[]): SlipBet | undefined => {
  // A domain error's `details` are its own record: only a field named as a string is a path.
  const field = error?.data?.details?.field;
  const index = typeof field === "string" ? /^bets\.(\d+)\./.exec(field)?.[1] : undefined;
  return index === undefined ? undefined : slip[Number(index)];
};

const keyOf = (bet: Pick<SlipBet, "bet" | "seat">): string =>
  bet.seat === undefined ? bet.bet : `${bet.bet}@${bet.seat}`;

/** Stakes added up per bet (and seat). */
function merge(into: readonly SlipBet[], more: readonly SlipBet[]): SlipBet[] {
  const byKey = new Map(into.map((bet) => [keyOf(bet), { ...bet }]));
  for (const bet of more) {
    const held = byKey.get(keyOf(bet));
    if (held === undefined) byKey.set(keyOf(bet), { ...bet });
    else held.amount += bet.amount;
  }
  return [...byKey.values()];
}

/** `bets.mine` through the same-origin relay: the player's stakes in the round, null if unread. */
async function readOwnStakes(roundId: string, signal: AbortSignal): Promise<SlipBet[] | null> {
  const mine = await answered(relayApi.bets.mine.query({ roundId }, { signal }));
  return mine.ok
    ? mine.data.stakes.map(({ bet, seat, amount }) =>
        seat === null ? { bet, amount } : { bet, seat, amount },
      )
    : null;
}

/** How many times a read of the player's stakes is made again when a write crossed it. */
const OWN_STAKES_READS = 3;

export interface BetSlip {
  /** The player's stakes in this round, as the game API accepted them. */
  placed: SlipBet[];
  /** The stakes of the last round the player bet in, for "repeat". */
  last: SlipBet[];
  busy: boolean;
  error: SlipError | null;
  clearError: () => void;
  place: (bets: readonly SlipBet[]) => Promise<boolean>;
  undo: () => Promise<boolean>;
  repeat: () => Promise<boolean>;
  double: () => Promise<boolean>;
}

/**
 * The player's bets in the round shown (`roundId`): each placement is one `bets.place` with its
 * own `requestId` (sent again as is if the same slip is retried, so nothing is reserved twice);
 * undo takes back all of the round's bets (`bets.undo`). A refusal becomes a translated message
 * by its `data.reason`; the header's balance follows every answer.
 */
export function useBetSlip({
  roundId,
  betName,
  offered,
}: {
  roundId: string | null;
  /** A bet's name in the page's language, for messages. */
  betName: (bet: SlipBet) => string;
  /** Whether the round takes this bet now (repeat leaves out what closed since). */
  offered: (bet: SlipBet) => boolean;
}): BetSlip {
  const t = useTranslations("tablePlay.errors");
  const { account, setBalance, balanceMark } = useAccount();
  const playerId = account?.id ?? null;
  const [placed, setPlaced] = useState<SlipBet[]>([]);
  const [last, setLast] = useState<SlipBet[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<SlipError | null>(null);
  const shown = useRef({ roundId, placed });
  // A slip whose answer never came (network failure, 5xx) may have been placed all the same:
  // the same slip sent again in the same round reuses its requestId, so the desk places it once.
  const unanswered = useRef<{ roundId: string; slip: string; requestId: string } | null>(null);
  // Bumped by every answered write: a read of the stakes that a write crossed is read again.
  const writes = useRef(0);
  // Bumped when a bet went past the slip (a chat bet at joker blackjack): the stakes are read again.
  const [elsewhere, setElsewhere] = useState(0);
  const feed = useTableFeed();
  useEffect(
    () =>
      feed?.listen({
        onOwnBets: () => {
          setElsewhere((count) => count + 1);
        },
      }),
    [feed],
  );

  // A new round: what was placed in the last one becomes what "repeat" places.
  useEffect(() => {
    if (shown.current.roundId === roundId) return;
    const before = shown.current.placed;
    if (before.length > 0) setLast(before);
    setPlaced([]);
    setError(null);
    shown.current = { roundId, placed: [] };
  }, [roundId]);
  useEffect(() => {
    shown.current.placed = placed;
  }, [placed]);

  // What the player already has on the round, placed before this page opened (a reload, another
  // tab): shown on the spots, counted on the table, taken back by undo and repeated next round.
  useEffect(() => {
    if (roundId === null || playerId === null) return;
    const reading = new AbortController();
    void (async () => {
      for (let read = 0; read < OWN_STAKES_READS; read += 1) {
        const before = writes.current;
        const stakes = await readOwnStakes(roundId, reading.signal);
        if (stakes === null || reading.signal.aborted) return;
        if (writes.current !== before) continue;
        if (shown.current.roundId === roundId) setPlaced(stakes);
        return;
      }
    })();
    return () => {
      reading.abort();
    };
  }, [roundId, playerId, elsewhere]);

  const refuse = useCallback(
    (status: number, apiError: ApiError | undefined, slip: readonly SlipBet[]) => {
      const kind = status === 0 ? "other" : kindOfRefusal(apiError, status);
      const bet = refusedBet(apiError, slip);
      setError({
        kind,
        message: t(kind, { bet: bet === undefined ? "" : betName(bet) }),
      });
    },
    [t, betName],
  );

  const place = useCallback(
    async (bets: readonly SlipBet[]): Promise<boolean> => {
      if (roundId === null || bets.length === 0) return false;
      setBusy(true);
      const slip = [...bets];
      const requestId = requestIdFor(unanswered.current, roundId, slip);
      const since = balanceMark();
      const answer = await answered(relayApi.bets.place.mutate({ roundId, bets: slip, requestId }));
      setBusy(false);
      writes.current += 1;
      unanswered.current =
        !answer.ok && (answer.status === 0 || answer.status >= 500)
          ? { roundId, slip: JSON.stringify(slip), requestId }
          : null;
      if (!answer.ok) {
        refuse(answer.status, answer.error, slip);
        return false;
      }
      setError(null);
      playChip();
      setBalance(answer.data.balance, since);
      if (shown.current.roundId === answer.data.roundId) {
        setPlaced((current) => merge(current, slip));
      }
      return true;
    },
    [roundId, refuse, setBalance, balanceMark],
  );

  const undo = useCallback(async (): Promise<boolean> => {
    if (roundId === null) return false;
    setBusy(true);
    const since = balanceMark();
    const answer = await answered(relayApi.bets.undo.mutate({ roundId }));
    setBusy(false);
    writes.current += 1;
    if (!answer.ok) {
      refuse(answer.status, answer.error, []);
      return false;
    }
    setError(null);
    setBalance(answer.data.balance, since);
    setPlaced([]);
    return true;
  }, [roundId, refuse, setBalance, balanceMark]);

  const repeat = useCallback(() => place(last.filter(offered)), [place, last, offered]);
  const double = useCallback(() => place(placed), [place, placed]);
  const clearError = useCallback(() => {
    setError(null);
  }, []);

  return { placed, last, busy, error, clearError, place, undo, repeat, double };
}

/** The retried slip's own requestId, or a new one for any other slip or round. */
export function requestIdFor(
  unanswered: { roundId: string; slip: string; requestId: string } | null,
  roundId: string,
  slip: readonly SlipBet[],
): string {
  return unanswered !== null &&
    unanswered.roundId === roundId &&
    unanswered.slip === JSON.stringify(slip)
    ? unanswered.requestId
    : crypto.randomUUID();
}
