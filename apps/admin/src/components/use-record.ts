"use client";

import { useCallback, useEffect, useState } from "react";

import { problemOf, queryProcedure } from "~/procedures";
import type { Answer } from "~/procedures";

export interface RecordState<T> {
  record: T | null;
  problem: string | null;
  setProblem: (problem: string | null) => void;
  reload: () => Promise<void>;
}

/**
 * One record page's data (a player, a round): fetched on arrival and again after each action.
 * `input` is compared by its JSON so a fresh object each render does not fetch again.
 */
export function useRecord<T>(procedure: string, input: unknown): RecordState<T> {
  const key = JSON.stringify(input);
  const [record, setRecord] = useState<T | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const fetchRecord = useCallback(
    () => queryProcedure<T>(procedure, JSON.parse(key) as unknown),
    [procedure, key],
  );
  const apply = useCallback((answer: Answer<T>) => {
    if (answer.ok) setRecord(answer.data);
    else setProblem(problemOf(answer));
  }, []);
  const reload = async () => {
    apply(await fetchRecord());
  };

  // The answer is applied when it arrives, never synchronously in the effect.
  useEffect(() => {
    void fetchRecord().then(apply);
  }, [fetchRecord, apply]);

  return { record, problem, setProblem, reload };
}
