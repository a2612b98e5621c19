/**
 * The header's balance comes from two sources that race: the table stream's events (in order
 * among themselves) and the answers to the player's own requests. An answer's balance is the
 * wallet as of its request, and the stream can bring a later one first: the settlement of the
 * hand a last `stand` finished, say, reaches the page before that `stand`'s answer. So an answer
 * is shown only when no other balance came since its request left; otherwise the wallet is read
 * again, since the one that came between may itself be older than the answer.
 */
export interface BalanceOrder {
  /** Taken as a request leaves (or a read begins): its answer is judged against it. */
  mark(): number;
  /**
   * Whether a balance is the newest known: always for the stream's (no `since`), for an answer
   * only when nothing was shown since its `mark()`. An accepted balance moves the mark.
   */
  accept(since?: number): boolean;
}

export function balanceOrder(): BalanceOrder {
  let shown = 0;
  return {
    mark: () => shown,
    accept(since) {
      if (since !== undefined && since !== shown) return false;
      shown += 1;
      return true;
    },
  };
}
