import { describe, expect, it } from "vitest";

import { groupCommit } from "../src";
import type { Outcome } from "../src";

/** A post that records each batch and answers when told to. */
function recorder() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const post = (inputs: number[]): Promise<Outcome<number>[]> => {
    batches.push(inputs);
    return new Promise((resolve) =>
      pending.push(() => {
        resolve(
          inputs.map((n) =>
            n < 0 ? { ok: false, error: new Error(`refused ${n}`) } : { ok: true, value: n * 10 },
          ),
        );
      }),
    );
  };
  const answerAll = async (): Promise<void> => {
    // Batches are posted on a microtask after their calls.
    await new Promise((resolve) => setImmediate(resolve));
    while (pending.length > 0) {
      pending.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { batches, post, answerAll };
}

describe("group commit", () => {
  it("calls of one tick go in one batch; calls made while batches run wait for the next", async () => {
    const { batches, post, answerAll } = recorder();
    const commit = groupCommit(post, { maxInFlight: 1 });
    const first = [1, 2, 3].map((n) => commit.run(n));
    await Promise.resolve();
    const second = [4, 5].map((n) => commit.run(n));
    await new Promise((resolve) => setImmediate(resolve));
    // One batch is in flight; the later calls queue behind it.
    expect(batches).toEqual([[1, 2, 3]]);
    await answerAll();
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("one caller's refusal is that caller's alone; a failed batch fails each of its callers", async () => {
    const { post, answerAll } = recorder();
    const commit = groupCommit(post);
    // Settled as they come: a refusal is never an unhandled rejection in between.
    const outcomes = Promise.allSettled([commit.run(1), commit.run(-2), commit.run(3)]);
    await answerAll();
    const settled = await outcomes;
    expect(settled.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);

    const down = groupCommit<number, number>(() => Promise.reject(new Error("database down")));
    const failed = await Promise.allSettled([down.run(1), down.run(2)]);
    expect(
      failed.map((result) => (result.status === "rejected" ? String(result.reason) : "ok")),
    ).toEqual(["Error: database down", "Error: database down"]);
  });

  it("keeps batches to maxBatch and runs at most maxInFlight at once", async () => {
    const { batches, post, answerAll } = recorder();
    const commit = groupCommit(post, { maxBatch: 2, maxInFlight: 2 });
    const calls = [1, 2, 3, 4, 5].map((n) => commit.run(n));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await answerAll();
    await Promise.all(calls);
    expect(batches.at(-1)).toEqual([5]);
  });

  it("posts the next batch before answering the callers of the last", async () => {
    const order: string[] = [];
    const answers: (() => void)[] = [];
    const commit = groupCommit(
      (inputs: number[]) => {
        order.push(`posted ${inputs.join(",")}`);
        return new Promise<Outcome<number>[]>((resolve) => {
          answers.push(() => {
            resolve(inputs.map((n) => ({ ok: true, value: n })));
          });
        });
      },
      { maxInFlight: 1 },
    );
    const first = commit.run(1).then(() => order.push("answered 1"));
    await new Promise((resolve) => setImmediate(resolve));
    const second = commit.run(2).then(() => order.push("answered 2"));
    await new Promise((resolve) => setImmediate(resolve));
    answers.shift()!();
    await first;
    // Answering a caller (its response written) waits behind the next batch's start.
    expect(order).toEqual(["posted 1", "posted 2", "answered 1"]);
    answers.shift()!();
    await second;
  });

  it("close refuses new calls and waits for the batches in flight", async () => {
    const { post, answerAll } = recorder();
    const commit = groupCommit(post, { closedError: () => new Error("shutting down") });
    const call = commit.run(7);
    await new Promise((resolve) => setImmediate(resolve));
    let closed = false;
    const closing = commit.close().then(() => (closed = true));
    await expect(commit.run(8)).rejects.toThrow("shutting down");
    expect(closed).toBe(false);
    await answerAll();
    await closing;
    expect(await call).toBe(70);
  });
});
