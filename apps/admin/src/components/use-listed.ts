"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import type { Answer } from "~/procedures";
import { answered, problemOf } from "~/procedures";

type Refusal = Extract<Answer<unknown>, { ok: false }>;

/**
 * The list a query answers under `field` (`() => relayApi.admin.webhooks.list.query()` →
 * `endpoints`), the problem to show, and `change`: a mutation that shows its refusal, or clears
 * the problem, reloads the list and gives back its answer. `forbidden`: the list is not for this
 * operator's role (403), so the page can say who may use it rather than show a refusal.
 */
export function useListed<L extends Record<K, unknown[]>, K extends keyof L & string>(
  list: () => Promise<L>,
  field: K,
) {
  const [items, setItems] = useState<L[K]>([] as unknown[] as L[K]);
  const [problem, setProblem] = useState<string | null>(null);
  const [forbidden, setForbidden] = useState(false);
  // The latest `list`: a fresh function each render reads the same list, not again.
  const listed = useRef(list);
  useEffect(() => {
    listed.current = list;
  });

  const load = useCallback(() => answered(listed.current()), []);
  const show = useCallback(
    (answer: Answer<L>) => {
      if (answer.ok) setItems(answer.data[field]);
      else if (answer.status === 403) setForbidden(true);
      else setProblem(problemOf(answer));
    },
    [field],
  );

  useEffect(() => {
    void load().then(show);
  }, [load, show]);

  /**
   * `showRefusal` may show a refusal itself (beside the field it names) and return true;
   * otherwise, or without it, the refusal is the list's problem.
   */
  async function change<R>(
    call: Promise<R>,
    showRefusal?: (refusal: Refusal) => boolean,
  ): Promise<R | undefined> {
    const answer = await answered(call);
    if (!answer.ok) {
      if (showRefusal?.(answer) !== true) setProblem(problemOf(answer));
      return undefined;
    }
    setProblem(null);
    show(await load());
    return answer.data;
  }

  return { items, problem, setProblem, change, forbidden };
}
