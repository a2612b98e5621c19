"use client";

import { useCallback, useRef, useState } from "react";

import type { RouterOutputs } from "@fuda/api";
import type { RuleCode } from "@fuda/contracts";

import { answered, relayApi } from "../../relay-api";
import type { ApiError } from "../../relay-api";

/** The player's quick game as `quick.state` and every button answer it. */
export type QuickView = RouterOutputs["quick"]["state"];
export type QuickSpot = keyof QuickView["bets"];
export type QuickStep = "add" | "undo" | "deal" | "next" | "startOver";

/** Why the game API refused a step: its `data.reason` and, for the rules, which rule and spot. */
export interface QuickRefusal {
  reason: string;
  rule: RuleCode | null;
  spot: QuickSpot | null;
  /** Counts refusals, so the same one twice is announced twice. */
  count: number;
}

/** A button as pressed: `add` names its spot, the others nothing. */
export type Press = [step: "add", spot: QuickSpot] | [step: Exclude<QuickStep, "add">];

/** One button through the same-origin relay (`POST /api/trpc/quick.<step>`). */
const send = (...[step, spot]: Press): Promise<QuickView> =>
  step === "add" ? relayApi.quick.add.mutate({ spot }) : relayApi.quick[step].mutate();

function reasonOf(status: number, error: ApiError | undefined): string {
  if (error?.data?.reason !== undefined) return error.data.reason;
  if (status === 0) return "NETWORK";
  return status === 401 ? "UNAUTHENTICATED" : "OTHER";
}

/**
 * The quick game as the server keeps it: each button is one step, sent in the order pressed
 * (clicks in a row are queued, none lost), and each answer is the whole game as it now stands.
 */
export function useQuickGame(initial: QuickView) {
  const [game, setGame] = useState(initial);
  const [refusal, setRefusal] = useState<QuickRefusal | null>(null);
  const [pending, setPending] = useState(0);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const press = useCallback((...pressed: Press): Promise<void> => {
    setPending((count) => count + 1);
    queue.current = queue.current.then(async () => {
      const answer = await answered(send(...pressed));
      if (answer.ok) {
        setGame(answer.data);
        setRefusal(null);
      } else {
        const details = answer.error?.data?.details;
        setRefusal((last) => ({
          reason: reasonOf(answer.status, answer.error),
          rule: details?.rule ?? null,
          spot: (details?.spot as QuickSpot | undefined) ?? null,
          count: (last?.count ?? 0) + 1,
        }));
      }
      setPending((count) => count - 1);
    });
    return queue.current;
  }, []);

  return { game, refusal, busy: pending > 0, press };
}
