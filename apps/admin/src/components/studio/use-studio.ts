"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import type { RouterOutputs } from "@fuda/api";

import type { Answer } from "~/procedures";
import { answered, problemOf, relayApi } from "~/procedures";

/** The console reads the table this often: a player's bet or choice changes what comes next. */
const POLL_MS = 1_000;
const CONSOLE_KEY = "fuda.studio.consoleId";

/**
 * A fresh id (a console's, a request's). `crypto.randomUUID` exists only in a secure context; a
 * studio tablet may reach the portal over plain HTTP on the studio's network, where
 * `getRandomValues` still does.
 */
export function newId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the console shows (`studio.state`, as @fuda/contracts' `StudioState` says). */
export type StudioState = RouterOutputs["studio"]["state"];

/** This tab's console id, kept for the tab's life so that a reload is the same console. */
function consoleIdOfTab(): string | null {
  if (typeof window === "undefined") return null;
  let kept = sessionStorage.getItem(CONSOLE_KEY);
  if (kept === null) {
    kept = newId();
    sessionStorage.setItem(CONSOLE_KEY, kept);
  }
  return kept;
}

/** A refusal as the console shows it: the API's message and its rule code. */
export interface StudioProblem {
  message: string;
  rule: string | null;
}

type Refused = Extract<Answer<unknown>, { ok: false }>;

const ruleOf = (answer: Refused): string | null => {
  const details: unknown = answer.error?.data?.details;
  if (typeof details !== "object" || details === null) return null;
  const rule = (details as { rule?: unknown }).rule;
  return typeof rule === "string" ? rule : null;
};

const problemFrom = (answer: Refused): StudioProblem => ({
  message: problemOf(answer),
  rule: ruleOf(answer),
});

/** What a console step sends besides its own fields. */
export interface StepIds {
  tableId: string;
  requestId: string;
  consoleId: string;
}

/** What the console does with its table: the state, each step, and what was refused. */
export interface Studio {
  state: StudioState | null;
  /** The last step's refusal, until the next step is taken. */
  problem: StudioProblem | null;
  /** The game API did not answer the last read. */
  unreachable: boolean;
  /** Another console holds the table: this one sends nothing more. */
  taken: boolean;
  /** This console let go of the table: it reads nothing until it takes it again. */
  released: boolean;
  /** A step is on its way. */
  busy: boolean;
  /** Enters one card as its code; the answer's `position` says where it went. */
  card: (code: string) => Promise<void>;
  /** Takes one step (`studio.open`, `close`, `takeBack`…); true when it was taken. */
  step: (call: (ids: StepIds) => Promise<StudioState>) => Promise<boolean>;
  /** Lets go of the table (`studio.release`); the console stops reading it. */
  release: () => Promise<void>;
  /** Takes the table again after a release or another console's refusal. */
  retake: () => void;
  clearProblem: () => void;
}

/**
 * The console's link to the game API: reads `studio.state` every second and after each step,
 * sends each step with a fresh `requestId` and this tab's `consoleId`, one at a time in the
 * order taken (a dealer types the next card before the last is answered).
 */
export function useStudio(tableId: string | null): Studio {
  // Not rendered: the server's null and the browser's id never meet in the page.
  const [consoleId] = useState(consoleIdOfTab);
  const [state, setState] = useState<StudioState | null>(null);
  const [problem, setProblem] = useState<StudioProblem | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const [taken, setTaken] = useState(false);
  const [released, setReleased] = useState(false);
  const [pending, setPending] = useState(0);
  // Each step bumps it: a read begun before a step answered is older than the step's state.
  const stepCount = useRef(0);
  const reading = useRef(false);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // Taken or released: set at once, so no step or read already queued is sent after it.
  const stopped = useRef(false);
  const halted = () => stopped.current;

  const refused = useCallback((answer: Refused) => {
    const seen = problemFrom(answer);
    if (seen.rule === "CONSOLE_TAKEN") {
      stopped.current = true;
      setTaken(true);
    }
    return seen;
  }, []);

  const read = useCallback(async () => {
    if (tableId === null || consoleId === null || reading.current || stopped.current) return;
    reading.current = true;
    const before = stepCount.current;
    const answer = await answered(relayApi.studio.state.query({ tableId, consoleId }));
    reading.current = false;
    if (halted() || before !== stepCount.current) return;
    if (answer.ok) {
      setState(answer.data);
      setUnreachable(false);
    } else if (answer.status === 0 || answer.status >= 500) {
      setUnreachable(true);
    } else {
      setProblem(refused(answer));
    }
  }, [tableId, consoleId, refused]);

  useEffect(() => {
    if (tableId === null || consoleId === null || taken || released) return;
    const first = setTimeout(() => void read(), 0);
    const timer = setInterval(() => void read(), POLL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [tableId, consoleId, taken, released, read]);

  /** Runs `send` after the steps already taken; its answer's state replaces the console's. */
  const enqueue = useCallback(
    <T>(send: (ids: StepIds) => Promise<T>, stateOf: (data: T) => StudioState) => {
      const run = async (): Promise<boolean> => {
        if (tableId === null || consoleId === null || stopped.current) return false;
        stepCount.current += 1;
        const answer = await answered(send({ tableId, consoleId, requestId: newId() }));
        stepCount.current += 1;
        if (answer.ok) {
          setState(stateOf(answer.data));
          setProblem(null);
          setUnreachable(false);
        } else {
          setProblem(refused(answer));
        }
        void read();
        return answer.ok;
      };
      setPending((count) => count + 1);
      const done = queue.current.then(run).finally(() => {
        setPending((count) => count - 1);
      });
      queue.current = done.catch(() => undefined);
      return done;
    },
    [tableId, consoleId, refused, read],
  );

  const card = useCallback(
    async (code: string) => {
      await enqueue(
        (ids) => relayApi.studio.card.mutate({ ...ids, card: code }),
        (data) => data.state,
      );
    },
    [enqueue],
  );

  const step = useCallback(
    (call: (ids: StepIds) => Promise<StudioState>) => enqueue(call, (data) => data),
    [enqueue],
  );

  const release = useCallback(async () => {
    if (
      await enqueue(
        (ids) => relayApi.studio.release.mutate(ids),
        (data) => data,
      )
    ) {
      stopped.current = true;
      setReleased(true);
    }
  }, [enqueue]);

  const retake = useCallback(() => {
    stopped.current = false;
    setTaken(false);
    setReleased(false);
    setProblem(null);
  }, []);

  const clearProblem = useCallback(() => {
    setProblem(null);
  }, []);

  return {
    state,
    problem,
    unreachable,
    taken,
    released,
    busy: pending > 0,
    card,
    step,
    release,
    retake,
    clearProblem,
  };
}
