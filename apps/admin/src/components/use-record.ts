"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import { answered, problemOf } from "~/procedures";
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
   * An action of the form `form` on the record (`relayApi.admin.players.ban.mutate(…)`): on
   * success its notice (`done` of the answer) and the record read again; on refusal the API's
   * problem. True when it went through.
   */
  act: <R>(form: string, call: Promise<R>, done: (data: R) => string) => Promise<boolean>;
  /** Shows a refusal of the form's own (e.g. an amount that is not a number), sending nothing. */
  refuse: (form: string, message: string) => void;
  /** The last action's outcome if it was the form `form`'s, for the form to show beside itself. */
  messageOf: (form: string) => ActionMessage;
}

/**
 * One record page's data (a player, a round) read by `read(input)` (e.g.
 * `(input) => relayApi.admin.players.get.query(input)`), and its actions: fetched on arrival and
 * again after each action that went through.
 * `input` is compared by its JSON so a fresh object (or a fresh `read`) each render does not
 * fetch again.
 * Only the latest action's message is kept, shown by the form that sent it: a notice of one form
 * left beside it while another form is refused would read as if both had just happened.
 */
export function useRecord<I, T>(read: (input: I) => Promise<T>, input: I): RecordState<T> {
  const key = JSON.stringify(input);
  const [record, setRecord] = useState<T | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [last, setLast] = useState<{ form: string } & ActionMessage>({ form: "", ...SILENT });
  const [busy, setBusy] = useState(false);
  // The latest `read` and `input`, for fetches keyed by the input's JSON alone.
  const asked = useRef({ read, input });
  useEffect(() => {
    asked.current = { read, input };
  });

  const fetchRecord = (): Promise<Answer<T>> => answered(asked.current.read(asked.current.input));
  const apply = useCallback((answer: Answer<T>) => {
    if (answer.ok) setRecord(answer.data);
    else setProblem(problemOf(answer));
  }, []);

  // The answer is applied when it arrives, never synchronously in the effect.
  useEffect(() => {
    void answered(asked.current.read(asked.current.input)).then(apply);
  }, [key, apply]);

  async function act<R>(form: string, call: Promise<R>, done: (data: R) => string) {
    setBusy(true);
    const answer = await answered(call);
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
