/**
 * The table chat's list as plain functions (docs/chat.md): history pages and stream lines merged
 * by id, deletions that stay deleted, the page's own lines in the order written, the refusals
 * by their rule; and the table's reducers leaving a chat event's state as it was.
 */
import { describe, expect, it } from "vitest";

import type { ChatLine, TableEvent } from "@fuda/contracts";
import { RULE } from "@fuda/contracts";

import {
  emptyLog,
  entriesOf,
  KEPT_ENTRIES,
  withEarlierPage,
  withLines,
  withNewestPage,
  withoutLine,
  withOwnEntry,
} from "../src/components/chat/chat-log";
import type { ChatLog } from "../src/components/chat/chat-log";
import { chatRefusalOf, waitSeconds } from "../src/components/chat/chat-refusal";
import { applyJokerBlackjackEvent } from "../src/components/joker-blackjack/round-view";
import { applyTableEvent } from "../src/components/table/table-state";
import type { ApiError } from "../src/relay-api";
import { envelope, TABLE_ID, tableDetail } from "./table-events";

const line = (id: number, text = `line ${id}`, userId = "u1"): ChatLine => ({
  id: String(id),
  tableId: TABLE_ID,
  userId,
  name: userId,
  role: "player",
  text,
  at: "2026-12-01T12:00:00.000Z",
});

/** What the list shows: a line by its id, the page's own lines by their words. */
const shown = (log: ChatLog): string[] =>
  entriesOf(log).map((entry) =>
    entry.kind === "line" ? entry.key : `${entry.kind}:${entry.text}`,
  );

describe("the chat's list (chat-log)", () => {
  it("a line both in the history and on the stream is shown once, in id order", () => {
    let log = withLines(emptyLog(), [line(12), line(13)]);
    log = withNewestPage(log, { lines: [line(10), line(11), line(12)], nextCursor: "10" });
    expect(shown(log)).toEqual(["10", "11", "12", "13"]);
    expect(log.earlier).toBe("10");
  });

  it("older lines go above, and the cursor moves to the page before them", () => {
    let log = withNewestPage(emptyLog(), { lines: [line(20), line(21)], nextCursor: "20" });
    log = withEarlierPage(log, { lines: [line(18), line(19)], nextCursor: null });
    expect(shown(log)).toEqual(["18", "19", "20", "21"]);
    expect(log.earlier).toBeNull();
  });

  it("a deleted line goes at once and a history page read before the deletion does not bring it back", () => {
    let log = withLines(emptyLog(), [line(1), line(2), line(3)]);
    log = withoutLine(log, "2");
    expect(shown(log)).toEqual(["1", "3"]);
    log = withNewestPage(log, { lines: [line(1), line(2), line(3)], nextCursor: null });
    log = withLines(log, [line(2)]);
    expect(shown(log)).toEqual(["1", "3"]);
  });

  it("a line deleted while the stream was away is gone after the history is read again; one said after the read stays", () => {
    let log = withNewestPage(emptyLog(), { lines: [line(1), line(2), line(3)], nextCursor: null });
    log = withLines(log, [line(5)]);
    log = withNewestPage(log, { lines: [line(1), line(3), line(4)], nextCursor: null });
    expect(shown(log)).toEqual(["1", "3", "4", "5"]);
  });

  it("the page's own lines stay where they were written, lines loaded later fall into place around them", () => {
    let log = withLines(emptyLog(), [line(5)]);
    log = withOwnEntry(log, "system", "No more bets");
    log = withOwnEntry(log, "private", "Bet 100 placed on seat 3");
    log = withLines(log, [line(6), line(4)]);
    expect(shown(log)).toEqual([
      "4",
      "5",
      "system:No more bets",
      "private:Bet 100 placed on seat 3",
      "6",
    ]);
  });

  it(`keeps the newest ${KEPT_ENTRIES} entries; the oldest kept becomes the cursor for the rest`, () => {
    const many = Array.from({ length: KEPT_ENTRIES + 10 }, (_, k) => line(k + 1));
    const log = withNewestPage(emptyLog(), { lines: many, nextCursor: null });
    expect(entriesOf(log)).toHaveLength(KEPT_ENTRIES);
    expect(shown(log)[0]).toBe("11");
    expect(log.earlier).toBe("11");
  });

  it("older lines the reader loaded are kept on top of the limit; each new line then moves the window by one", () => {
    const many = Array.from({ length: KEPT_ENTRIES }, (_, k) => line(k + 101));
    let log = withNewestPage(emptyLog(), { lines: many, nextCursor: "101" });
    log = withEarlierPage(log, { lines: [line(99), line(100)], nextCursor: "99" });
    expect(entriesOf(log)).toHaveLength(KEPT_ENTRIES + 2);
    expect(log.earlier).toBe("99");
    log = withLines(log, [line(1_000)]);
    expect(shown(log).slice(0, 2)).toEqual(["100", "101"]);
    expect(log.earlier).toBe("100");
  });
});

/** `chat.send` refused as the relay passes it on. */
const refused = (reason: string, details: Record<string, unknown>): ApiError =>
  ({ message: "refused", data: { reason, details } }) as ApiError;

describe("a refused chat line, by its rule (chatRefusalOf)", () => {
  it("a flood says how long to wait, to the tenth of a second", () => {
    expect(
      chatRefusalOf(429, refused("RATE_LIMITED", { rule: RULE.TOO_FAST, retryAfterMs: 750 })),
    ).toEqual({ kind: "pace", rule: "TOO_FAST", retryAfterMs: 750 });
    expect(
      chatRefusalOf(429, refused("RATE_LIMITED", { rule: RULE.CHAT_BUSY, retryAfterMs: 40 })),
    ).toEqual({ kind: "pace", rule: "CHAT_BUSY", retryAfterMs: 40 });
    expect(waitSeconds(750)).toBe(0.8);
    expect(waitSeconds(40)).toBe(0.1);
    expect(waitSeconds(2_000)).toBe(2);
  });

  it("a mute says until when; a ban has no end", () => {
    const until = "2026-12-01T13:00:00.000Z";
    expect(chatRefusalOf(403, refused("FORBIDDEN", { rule: RULE.MUTED, until }))).toEqual({
      kind: "muted",
      until,
    });
    expect(chatRefusalOf(403, refused("FORBIDDEN", { rule: RULE.MUTED, until: null }))).toEqual({
      kind: "muted",
      until: null,
    });
  });

  it("the text rules, a guest, and a chat bet refused as the bet slip's bet would be", () => {
    expect(chatRefusalOf(400, refused("BAD_INPUT", { field: "text", rule: RULE.TOO_BIG }))).toEqual(
      { kind: "text", rule: "TOO_BIG" },
    );
    expect(chatRefusalOf(401, refused("UNAUTHENTICATED", { rule: RULE.SIGN_IN_TO_CHAT }))).toEqual({
      kind: "signIn",
    });
    expect(chatRefusalOf(409, refused("BETTING_CLOSED", { field: "roundId" }))).toEqual({
      kind: "bet",
      slip: "closed",
    });
    expect(
      chatRefusalOf(400, refused("BAD_INPUT", { field: "bets.0.amount", rule: RULE.ABOVE_MAX })),
    ).toEqual({ kind: "bet", slip: "overLimit" });
    expect(chatRefusalOf(409, refused("CONFLICT", { rule: RULE.TIMER_ENDED }))).toEqual({
      kind: "action",
      words: "late",
    });
    expect(chatRefusalOf(0, undefined)).toEqual({ kind: "network" });
  });
});

describe("the table's state is not the chat's business", () => {
  const said: TableEvent = {
    ...envelope(101, { roundId: null }),
    type: "chat.message",
    payload: { messageId: "7", userId: "u1", name: "Aiko", role: "player", text: "hi" },
  };
  const deleted: TableEvent = {
    ...envelope(102, { roundId: null }),
    type: "chat.deleted",
    payload: { messageId: "7" },
  };

  it("chat.message and chat.deleted leave every game's table as it was", () => {
    for (const game of ["baccarat", "pok-deng", "joker-blackjack"] as const) {
      const state = tableDetail(game);
      expect(applyTableEvent(state, said)).toBe(state);
      expect(applyTableEvent(state, deleted)).toBe(state);
    }
    const seated = tableDetail("joker-blackjack");
    expect(applyJokerBlackjackEvent(seated, said)).toBe(seated);
    expect(applyJokerBlackjackEvent(seated, deleted)).toBe(seated);
  });
});
