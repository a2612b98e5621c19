/**
 * A table's chat (docs/chat.md): what `chat.*` does. Lines are written by the live runtime's chat
 * desk (packages/live/src/chat.ts, paced and group-committed); here are who may write, the joker
 * blackjack chat bets (docs/rules/joker-blackjack.md, Chat commands) and the history. The
 * operators' moderation is chat-moderation.ts.
 */
import type { Actor } from "@fuda/auth";
import { chatLength, MAX_CHAT_LENGTH, normalizeChatText } from "@fuda/contracts";
import type { ChatLine, ChatRole } from "@fuda/contracts";
import type { Db } from "@fuda/db";
import type { ChatDesk, ChatLineRow, ChatWriter } from "@fuda/live";
import {
  act,
  chatLineOf,
  definitionOf,
  isUuid,
  liveRoundFromJson,
  tableSettings,
} from "@fuda/live";
import { jokerBlackjack } from "@fuda/rules";

import type { Live } from "../context";
import { FudaError } from "../errors";

/** What `chat.send` answers: the line posted, or the chat bet or decision it was. */
export type ChatSent =
  | { kind: "message"; line: ChatLine }
  | { kind: "bet"; roundId: string; seat: number; amount: number; balance: number }
  | {
      kind: "action";
      roundId: string;
      seat: number;
      hand: number;
      action: string;
      balance: number;
    };

const noTable = (tableId: string): FudaError =>
  new FudaError("NOT_FOUND", `tableId: no table ${tableId}`, { field: "tableId" });

/** The text as stored, or BAD_INPUT naming the rule it breaks. */
export function chatText(raw: string): string {
  const text = normalizeChatText(raw);
  if (text === "") {
    throw new FudaError("BAD_INPUT", "text: write something (text only, no HTML)", {
      field: "text",
      rule: "REQUIRED",
    });
  }
  if (chatLength(text) > MAX_CHAT_LENGTH) {
    throw new FudaError("BAD_INPUT", `text: at most ${MAX_CHAT_LENGTH} characters`, {
      field: "text",
      rule: "TOO_BIG",
    });
  }
  return text;
}

interface WriterRow {
  name: string;
  role: string;
  is_anonymous: boolean;
  banned: boolean;
  muted: boolean;
  until: Date | null;
  assigned: boolean;
  game: string;
  variant: string;
  settings: unknown;
  seats: number[];
}

/** The caller as a writer at `tableId`, with what the chat bets need; refuses who may not write. */
async function writerAt(
  db: Db,
  actor: Actor,
  tableId: string,
): Promise<{ writer: ChatWriter; row: WriterRow }> {
  if (actor.kind === "anonymous") {
    throw new FudaError("UNAUTHENTICATED", "sign in first: guests read the chat", {
      rule: "SIGN_IN_TO_CHAT",
    });
  }
  if (actor.kind === "partner") {
    throw new FudaError("FORBIDDEN", "only players, dealers and operators write in the chat");
  }
  const [row] = await db.$queryRaw<WriterRow[]>`
    SELECT u.name, u.role, u.is_anonymous, u.banned,
           m.user_id IS NOT NULL AND (m.until IS NULL OR m.until > now()) AS muted, m.until,
           EXISTS (SELECT 1 FROM table_dealers d
                   WHERE d.table_id = t.id AND d.dealer_id = u.id) AS assigned,
           t.game::text AS game, t.variant, t.settings,
           ARRAY(SELECT s.seat FROM seats s WHERE s.table_id = t.id AND s.player_id = u.id
                 ORDER BY s.seat) AS seats
    FROM tables t JOIN users u ON u.id = ${actor.userId}
    LEFT JOIN chat_mutes m ON m.user_id = u.id
    WHERE t.id = ${tableId}::uuid`;
  if (row === undefined) throw noTable(tableId);
  if (row.game === "QUICK_BACCARAT") {
    throw new FudaError("BAD_INPUT", "tableId: the quick game is played alone, it has no chat", {
      field: "tableId",
    });
  }
  let role: ChatRole = "player";
  if (actor.kind === "dealer") {
    if (!row.assigned) {
      throw new FudaError("FORBIDDEN", `tableId: you are not assigned to this table`, {
        field: "tableId",
        rule: "NOT_YOUR_TABLE",
      });
    }
    role = "dealer";
  } else if (actor.kind === "operator") {
    role = "operator";
  } else if (row.is_anonymous) {
    throw new FudaError("FORBIDDEN", "sign in first: guests read the chat", {
      rule: "SIGN_IN_TO_CHAT",
    });
  }
  if (row.banned) throw new FudaError("FORBIDDEN", "your account is banned");
  if (row.muted) {
    const until = row.until?.toISOString() ?? null;
    throw new FudaError(
      "FORBIDDEN",
      until === null ? "text: you are banned from the chat" : `text: you are muted until ${until}`,
      { field: "text", rule: "MUTED", until },
    );
  }
  return { writer: { userId: actor.userId, name: row.name, role }, row };
}

/** The table's latest round: a chat bet goes through the bet path with it, refusals and all. */
async function latestRound(db: Db, tableId: string) {
  return db.round.findFirst({
    where: { tableId },
    orderBy: { openedAt: "desc" },
    select: { id: true, phase: true, state: true },
  });
}

/**
 * A seated joker blackjack player's comment as the house rules read it: a number is their main
 * bet (in the window, or the bet slip's own refusal), a decision word acts in their turn. Null:
 * the comment is only chat.
 */
async function chatBet(
  db: Db,
  live: Live,
  { tableId, userId, row, text, requestId }: ChatCommandInput,
): Promise<ChatSent | null> {
  if (row.game !== "JOKER_BLACKJACK" || row.seats.length === 0) return null;
  if (!tableSettings(row.settings).chatBets) return null;
  const command = jokerBlackjack.chatCommand(text);
  if (command === null) return null;
  const round = await latestRound(db, tableId);
  if (command.kind === "bet") {
    if (round === null) {
      throw new FudaError("BETTING_CLOSED", "roundId: no round is open for bets yet", {
        field: "roundId",
      });
    }
    const seat = row.seats[0]!;
    const placed = await live.desk.place({
      playerId: userId,
      roundId: round.id,
      bets: [{ bet: "main", seat, amount: command.points * 100 }],
      requestId: `chat/${requestId}`,
    });
    return {
      kind: "bet",
      roundId: placed.roundId,
      seat,
      amount: placed.bets.reduce((sum, bet) => sum + bet.amount, 0),
      balance: placed.balance,
    };
  }
  // A decision word out of the player's turn is only chat: "hit" is also a word.
  if (round?.phase !== "dealing") return null;
  const definition = definitionOf({
    game: "JOKER_BLACKJACK",
    variant: row.variant,
    settings: row.settings,
  });
  const pending = definition?.publicView(
    liveRoundFromJson(round.state, `round ${round.id}`),
  ).pending;
  if (pending == null || !row.seats.includes(pending.seat)) return null;
  const acted = await act(db, {
    playerId: userId,
    roundId: round.id,
    seat: pending.seat,
    action: command.action,
    requestId: `chat/${requestId}`,
  });
  return {
    kind: "action",
    roundId: acted.roundId,
    seat: acted.seat,
    hand: acted.hand,
    action: acted.action,
    balance: acted.balance,
  };
}

interface ChatCommandInput {
  tableId: string;
  userId: string;
  row: WriterRow;
  text: string;
  requestId: string;
}

function chatDeskOf(live: Live | undefined): { live: Live; chat: ChatDesk } {
  if (live?.chat === undefined) {
    throw new FudaError("CONFLICT", "live tables are not running in this process");
  }
  return { live, chat: live.chat };
}

/** `chat.send`: the writer's pace, who they are, a chat bet or a line. */
export async function sendChat({
  db,
  live: maybeLive,
  actor,
  input,
}: {
  db: Db;
  live: Live | undefined;
  actor: Actor;
  input: { tableId: string; text: string; requestId: string };
}): Promise<ChatSent> {
  const { live, chat } = chatDeskOf(maybeLive);
  const text = chatText(input.text);
  if (!isUuid(input.tableId)) throw noTable(input.tableId);
  // Before any read (in memory, or one Redis call): a flood costs the database nothing. A comment that may be a
  // chat bet is not the chat's to pace until it is known to be only chat.
  if (actor.kind === "player" || actor.kind === "dealer" || actor.kind === "operator") {
    await chat.paceWriter(actor.userId);
  }
  const mayBeCommand = jokerBlackjack.chatCommand(text) !== null;
  if (!mayBeCommand) await chat.paceTable(input.tableId);
  const { writer, row } = await writerAt(db, actor, input.tableId);
  if (mayBeCommand) {
    const command =
      writer.role === "player"
        ? await chatBet(db, live, {
            tableId: input.tableId,
            userId: writer.userId,
            row,
            text,
            requestId: input.requestId,
          })
        : null;
    if (command !== null) return command;
    await chat.paceTable(input.tableId);
  }
  const line = await chat.post({
    tableId: input.tableId,
    writer,
    text,
    requestId: input.requestId,
  });
  return { kind: "message", line };
}

/** A chat line's id as named in `field` (a cursor, a messageId), or BAD_INPUT naming it. */
export function lineIdOf(value: string, field: string, rule: "BAD_CURSOR" | "INVALID_FORMAT") {
  if (!/^[0-9]{1,19}$/.test(value)) {
    throw new FudaError("BAD_INPUT", `${field}: a chat line id`, { field, rule });
  }
  return BigInt(value);
}

const cursorOf = (cursor: string | undefined): bigint | null =>
  cursor === undefined ? null : lineIdOf(cursor, "cursor", "BAD_CURSOR");

/** `chat.history`: a page of the table's lines, newest last; `nextCursor` reads older ones. */
export async function chatHistory({
  db,
  tableId,
  cursor,
  limit = 50,
}: {
  db: Db;
  tableId: string;
  cursor?: string;
  limit?: number;
}): Promise<{ lines: ChatLine[]; nextCursor: string | null }> {
  const before = cursorOf(cursor);
  const table = await db.table.findUnique({ where: { id: tableId }, select: { id: true } });
  if (table === null) throw noTable(tableId);
  const rows = await db.$queryRaw<ChatLineRow[]>`
    SELECT id, table_id::text, user_id, name, role, text, created_at FROM chat_messages
    WHERE table_id = ${tableId}::uuid AND deleted_at IS NULL
      AND (${before}::bigint IS NULL OR id < ${before}::bigint)
    ORDER BY id DESC LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  return {
    lines: page.reverse().map(chatLineOf),
    nextCursor: rows.length > limit ? page[0]!.id.toString() : null,
  };
}
