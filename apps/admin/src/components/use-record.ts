"use client";

import { useCallback, useEffect, useState } from "react";

import { mutateProcedure, problemOf, queryProcedure } from "~/procedures";
import type { Answer } from "~/procedures";

export interface RecordState<T> {
  record: T | null;
  problem: string | null;
  /** The last action's outcome for the operator. */
  notice: string | null;
  /** True while an action is on its way: its button waits. */
  busy: boolean;
  /**
   * An action on the record (`admin.players.ban`…): on success its notice (`done` of the answer)
   * and the record read again; on refusal the API's problem. True when it went through.
   */
  act: (procedure: string, input: unknown, done: (data: never) => string) => Promise<boolean>;
  /** Shows a refusal of the form's own (e.g. an amount that is not a number), sending nothing. */
  refuse: (message: string) => void;
}

/**
 * One record page's data (a player, a round) and its actions: fetched on arrival and again
 * after each action that went through.
 * `input` is compared by its JSON so a fresh object each render does not fetch again.
 */
export function useRecord<T>(procedure: string, input: unknown): RecordState<T> {
  const key = JSON.stringify(input);
  const [record, setRecord] = useState<T | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fetchRecord = useCallback(
    () => queryProcedure<T>(procedure, JSON.parse(key) as unknown),
    [procedure, key],
  );
  const apply = useCallback((answer: Answer<T>) => {
    if (answer.ok) setRecord(answer.data);
    else setProblem(problemOf(answer));
  }, []);

  // The answer is applied when it arrives, never synchronously in the effect.
  useEffect(() => {
    void fetchRecord().then(apply);
  }, [fetchRecord, apply]);

  async function act(procedure: string, input: unknown, done: (data: never) => string) {
    setBusy(true);
    // Typed `never` here: each caller names the answer it expects in its own `done`.
    const answer = await mutateProcedure<never>(procedure, input);
    setBusy(false);
    if (answer.ok) {
      // Read again first: the notice shows together with the record it speaks of.
      const fresh = await fetchRecord();
      setProblem(null);
      setNotice(done(answer.data));
      apply(fresh);
      return true;
    }
    setNotice(null);
    setProblem(problemOf(answer));
    return false;
  }

  /** A refusal of the form's own, before anything is sent. */
  function refuse(message: string) {
    setNotice(null);
    setProblem(message);
  }

  return { record, problem, notice, busy, act, refuse };
}
