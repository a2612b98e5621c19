/**
 * A table's chat (docs/chat.md): what `chat.*` and `admin.chat.*` do. Lines are written by the
 * live runtime's chat desk (packages/live/src/chat.ts, paced and group-committed); here are who
 * may write, the joker blackjack chat bets (docs/rules/joker-blackjack.md, Chat commands), the
 * history, and the operators' moderation, each change audited with the change itself.
 */
import type { Actor } from "@fuda/auth";
import { chatLength, MAX_CHAT_LENGTH, normalizeChatText } from "@fuda/contracts";
import type { ChatLine, ChatRole } from "@fuda/contracts";
import type { Db } from "@fuda/db";
import { writeAudit } from "@fuda/db";
import type { ChatDesk, ChatLineRow, ChatWriter } from "@fuda/live";
import {
  act,
  chatLineOf,
  appendEvents,
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
           t.game::text AS game, t.settings,
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
    variant: "seven-seat",
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
  // In memory, before any read: a flood costs the database nothing. A comment that may be a
  // chat bet is not the chat's to pace until it is known to be only chat.
  if (actor.kind === "player" || actor.kind === "dealer" || actor.kind === "operator") {
    chat.paceWriter(actor.userId);
  }
  const mayBeCommand = jokerBlackjack.chatCommand(text) !== null;
  if (!mayBeCommand) chat.paceTable(input.tableId);
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
    chat.paceTable(input.tableId);
  }
  const line = await chat.post({
    tableId: input.tableId,
    writer,
    text,
    requestId: input.requestId,
  });
  return { kind: "message", line };
}

/** A line id as a cursor, or BAD_INPUT. */
function cursorOf(cursor: string | undefined): bigint | null {
  if (cursor === undefined) return null;
  if (!/^[0-9]{1,19}$/.test(cursor)) {
    throw new FudaError("BAD_INPUT", "cursor: a nextCursor from a previous page", {
      field: "cursor",
      rule: "BAD_CURSOR",
    });
  }
  return BigInt(cursor);
}

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

export type ModeratedLine = ChatLine & {
  tableSlug: string;
  tableName: string;
  deletedAt: string | null;
  deletedBy: string | null;
};

/** `admin.chat.list`: every table's lines (or one table's, one player's), newest first, deleted ones too. */
export async function moderatedLines({
  db,
  tableId,
  userId,
  cursor,
  limit = 50,
}: {
  db: Db;
  tableId?: string;
  userId?: string;
  cursor?: string;
  limit?: number;
}): Promise<{ lines: ModeratedLine[]; nextCursor: string | null }> {
  const before = cursorOf(cursor);
  const rows = await db.$queryRaw<
    (ChatLineRow & {
      slug: string;
      table_name: string;
      deleted_at: Date | null;
      deleted_by: string | null;
    })[]
  >`
    SELECT c.id, c.table_id::text, c.user_id, c.name, c.role, c.text, c.created_at,
           t.slug, t.name AS table_name, c.deleted_at, d.name AS deleted_by
    FROM chat_messages c JOIN tables t ON t.id = c.table_id
    LEFT JOIN users d ON d.id = c.deleted_by
    WHERE (${tableId ?? null}::uuid IS NULL OR c.table_id = ${tableId ?? null}::uuid)
      AND (${userId ?? null}::text IS NULL OR c.user_id = ${userId ?? null}::text)
      AND (${before}::bigint IS NULL OR c.id < ${before}::bigint)
    ORDER BY c.id DESC LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  return {
    lines: page.map((row) => ({
      ...chatLineOf(row),
      tableSlug: row.slug,
      tableName: row.table_name,
      deletedAt: row.deleted_at?.toISOString() ?? null,
      deletedBy: row.deleted_by,
    })),
    nextCursor: rows.length > limit ? page.at(-1)!.id.toString() : null,
  };
}

/** `admin.chat.delete`: the line leaves every page (`chat.deleted`) and the history; kept for the audit. */
export async function deleteChatLine({
  db,
  actorId,
  messageId,
  reason,
}: {
  db: Db;
  actorId: string;
  messageId: string;
  reason?: string | null;
}): Promise<{ messageId: string; deletedAt: string }> {
  const id = cursorOf(messageId);
  return db.$transaction(async (tx) => {
    const [line] = await tx.$queryRaw<(ChatLineRow & { deleted_at: Date | null })[]>`
      SELECT id, table_id::text, user_id, name, role, text, created_at, deleted_at
      FROM chat_messages WHERE id = ${id} FOR UPDATE`;
    if (line === undefined) {
      throw new FudaError("NOT_FOUND", `messageId: no chat line ${messageId}`, {
        field: "messageId",
      });
    }
    if (line.deleted_at !== null) {
      throw new FudaError("CONFLICT", `messageId: line ${messageId} is deleted already`, {
        field: "messageId",
      });
    }
    const [deleted] = await tx.$queryRaw<{ deleted_at: Date }[]>`
      UPDATE chat_messages SET deleted_at = now(), deleted_by = ${actorId}
      WHERE id = ${id} RETURNING deleted_at`;
    await writeAudit(tx, {
      actorId,
      action: "chat.delete",
      targetType: "chatLine",
      targetId: messageId,
      before: chatLineOf(line),
      after: { deletedAt: deleted!.deleted_at.toISOString() },
      reason,
    });
    await appendEvents(tx, [
      { tableId: line.table_id, type: "chat.deleted", payload: { messageId } },
    ]);
    return { messageId, deletedAt: deleted!.deleted_at.toISOString() };
  });
}

export interface ChatMuteView {
  userId: string;
  name: string;
  /** Null: banned from chat until lifted. */
  until: string | null;
  reason: string | null;
  by: string;
  createdAt: string;
}

interface MuteRow {
  user_id: string;
  name: string;
  until: Date | null;
  reason: string | null;
  by_name: string;
  created_at: Date;
}

const muteOf = (row: MuteRow): ChatMuteView => ({
  userId: row.user_id,
  name: row.name,
  until: row.until?.toISOString() ?? null,
  reason: row.reason,
  by: row.by_name,
  createdAt: row.created_at.toISOString(),
});

const MUTE_SELECT = `
  SELECT m.user_id, u.name, m.until, m.reason, coalesce(b.name, m.by) AS by_name, m.created_at
  FROM chat_mutes m JOIN users u ON u.id = m.user_id LEFT JOIN users b ON b.id = m.by`;

/** `admin.chat.mute` (`until` set) and `admin.chat.ban` (no end): the player's sends are refused. */
export async function muteChatWriter({
  db,
  actorId,
  userId,
  minutes,
  reason,
}: {
  db: Db;
  actorId: string;
  userId: string;
  /** Null: banned from chat until an operator lifts it. */
  minutes: number | null;
  reason?: string | null;
}): Promise<ChatMuteView> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { role: true } });
    if (user === null) {
      throw new FudaError("NOT_FOUND", `userId: no player ${userId}`, { field: "userId" });
    }
    if (user.role !== "player") {
      throw new FudaError("BAD_INPUT", "userId: only players are muted", { field: "userId" });
    }
    const before = await tx.chatMute.findUnique({ where: { userId } });
    const until = minutes === null ? null : new Date(Date.now() + minutes * 60_000);
    await tx.chatMute.upsert({
      where: { userId },
      create: { userId, until, reason: reason ?? null, by: actorId },
      update: { until, reason: reason ?? null, by: actorId, createdAt: new Date() },
    });
    await writeAudit(tx, {
      actorId,
      action: minutes === null ? "chat.ban" : "chat.mute",
      targetType: "player",
      targetId: userId,
      before: before === null ? null : { until: before.until?.toISOString() ?? null },
      after: { until: until?.toISOString() ?? null },
      reason,
    });
    const [row] = await tx.$queryRawUnsafe<MuteRow[]>(
      `${MUTE_SELECT} WHERE m.user_id = $1`,
      userId,
    );
    return muteOf(row!);
  });
}

/** `admin.chat.unmute`: the player writes again. */
export async function unmuteChatWriter({
  db,
  actorId,
  userId,
  reason,
}: {
  db: Db;
  actorId: string;
  userId: string;
  reason?: string | null;
}): Promise<{ userId: string }> {
  return db.$transaction(async (tx) => {
    const before = await tx.chatMute.findUnique({ where: { userId } });
    if (before === null) {
      throw new FudaError("NOT_FOUND", `userId: ${userId} is not muted`, { field: "userId" });
    }
    await tx.chatMute.delete({ where: { userId } });
    await writeAudit(tx, {
      actorId,
      action: "chat.unmute",
      targetType: "player",
      targetId: userId,
      before: { until: before.until?.toISOString() ?? null },
      after: null,
      reason,
    });
    return { userId };
  });
}

/** `admin.chat.mutes`: the mutes and chat bans in force. */
export async function chatMutes({ db }: { db: Db }): Promise<{ mutes: ChatMuteView[] }> {
  const rows = await db.$queryRawUnsafe<MuteRow[]>(
    `${MUTE_SELECT} WHERE m.until IS NULL OR m.until > now() ORDER BY m.created_at DESC`,
  );
  return { mutes: rows.map(muteOf) };
}
