/**
 * Group commit, as PostgreSQL's own WAL flush does it: calls that arrive while `maxInFlight`
 * batches are running wait, and the next batch carries them all in one round trip. Under load
 * one query serves many callers; a caller alone waits for nobody (its batch is posted on the
 * next microtask).
 */

/** One caller's outcome within a batch: one caller's refusal never fails another's. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface GroupCommitOptions {
  /** Most calls in one batch. */
  maxBatch?: number;
  /** Most batches running at once; more would only queue on the server. */
  maxInFlight?: number;
  /** What a call made after `close()` is refused with. */
  closedError?: () => Error;
}

export interface GroupCommit<I, O> {
  run(input: I): Promise<O>;
  /** Refuses new calls and resolves once every batch in flight has answered. */
  close(): Promise<void>;
}

interface Waiting<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * `post` answers a batch with one outcome per input, in order; when it throws, the batch failed
 * as a whole (the database, not a caller) and every caller of it gets that error.
 */
export function groupCommit<I, O>(
  post: (inputs: I[]) => Promise<readonly Outcome<O>[]>,
  {
    maxBatch = 256,
    maxInFlight = 2,
    closedError = () => new Error("closed"),
  }: GroupCommitOptions = {},
): GroupCommit<I, O> {
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let pumpScheduled = false;
  let closed = false;
  let drained: (() => void) | null = null;

  /**
   * Posts `batch`. Its slot is freed and the next batch posted before its callers are answered:
   * answering them (their responses written) runs on the microtasks the answers queue, and the
   * next batch would otherwise start only after them all.
   */
  async function send(batch: Waiting<I, O>[]): Promise<void> {
    let outcomes;
    try {
      outcomes = await post(batch.map(({ input }) => input));
    } catch (error) {
      finished();
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    finished();
    batch.forEach((waiting, i) => {
      const outcome = outcomes[i];
      if (outcome === undefined) waiting.reject(new Error("group commit: no outcome for a call"));
      else if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }

  function finished(): void {
    inFlight -= 1;
    if (queue.length > 0) pump();
    else if (inFlight === 0) drained?.();
  }

  function pump(): void {
    pumpScheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      inFlight += 1;
      void send(queue.splice(0, maxBatch));
    }
  }

  return {
    run(input) {
      if (closed) return Promise.reject(closedError());
      return new Promise<O>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        // Calls made in the same tick join the same batch.
        if (!pumpScheduled) {
          pumpScheduled = true;
          queueMicrotask(pump);
        }
      });
    },

    async close() {
      closed = true;
      if (inFlight === 0 && queue.length === 0) return;
      await new Promise<void>((resolve) => (drained = resolve));
    },
  };
}
