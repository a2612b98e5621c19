/**
 * The operators' moderation of every table's chat (docs/chat.md, Moderation): `admin.chat.*`.
 * Each change is audited in its own transaction; a deleted line leaves every page by a
 * `chat.deleted` event and the history, its text kept for the audit.
 */
import type { ChatLine } from "@fuda/contracts";
import type { Db } from "@fuda/db";
import { writeAudit } from "@fuda/db";
import type { ChatLineRow } from "@fuda/live";
import { appendEvents, chatLineOf } from "@fuda/live";

import { FudaError } from "../errors";
import { lineIdOf } from "./chat";

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
  const before = cursor === undefined ? null : lineIdOf(cursor, "cursor", "BAD_CURSOR");
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
  const id = lineIdOf(messageId, "messageId", "INVALID_FORMAT");
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
