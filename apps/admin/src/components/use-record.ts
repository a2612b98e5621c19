"use client";

import { useCallback, useEffect, useState } from "react";

import { mutateProcedure, problemOf, queryProcedure } from "~/procedures";
import type { Answer } from "~/procedures";

/** What an action's form says after it: the API's refusal, or what was done. */
export interface ActionMessage {
  problem: string | null;
  notice: string | null;
}

const SILENT: ActionMessage = { problem: null, notice: null };

export interface RecordState<T> {
  record: T | null;
  /** Why the record could not be read. */
  problem: string | null;
  /** True while an action is on its way: its button waits. */
  busy: boolean;
  /**
   * An action of the form `form` on the record (`admin.players.ban`…): on success its notice
   * (`done` of the answer) and the record read again; on refusal the API's problem. True when
   * it went through.
   */
  act: (
    form: string,
    procedure: string,
    input: unknown,
    done: (data: never) => string,
  ) => Promise<boolean>;
  /** Shows a refusal of the form's own (e.g. an amount that is not a number), sending nothing. */
  refuse: (form: string, message: string) => void;
  /** The last action's outcome if it was the form `form`'s, for the form to show beside itself. */
  messageOf: (form: string) => ActionMessage;
}

/**
 * One record page's data (a player, a round) and its actions: fetched on arrival and again
 * after each action that went through.
 * `input` is compared by its JSON so a fresh object each render does not fetch again.
 * Only the latest action's message is kept, shown by the form that sent it: a notice of one form
 * left beside it while another form is refused would read as if both had just happened.
 */
export function useRecord<T>(procedure: string, input: unknown): RecordState<T> {
  const key = JSON.stringify(input);
  const [record, setRecord] = useState<T | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [last, setLast] = useState<{ form: string } & ActionMessage>({ form: "", ...SILENT });
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

  async function act(
    form: string,
    procedure: string,
    input: unknown,
    done: (data: never) => string,
  ) {
    setBusy(true);
    // Typed `never` here: each caller names the answer it expects in its own `done`.
    const answer = await mutateProcedure<never>(procedure, input);
    setBusy(false);
    if (answer.ok) {
      // Read again first: the notice shows together with the record it speaks of.
      const fresh = await fetchRecord();
      setLast({
        form,
        notice: done(answer.data),
        problem: fresh.ok ? null : problemOf(fresh),
      });
      if (fresh.ok) setRecord(fresh.data);
      return true;
    }
    setLast({ form, notice: null, problem: problemOf(answer) });
    return false;
  }

  /** A refusal of the form's own, before anything is sent. */
  function refuse(form: string, message: string) {
    setLast({ form, notice: null, problem: message });
  }

  const messageOf = (form: string): ActionMessage => (last.form === form ? last : SILENT);

  return { record, problem, busy, act, refuse, messageOf };
}
