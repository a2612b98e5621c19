import { formatTimestamp } from "@fuda/ui";

import { DataTable } from "~/components/data-table";

import type { ChatModeration, ModeratedLine } from "./chat-moderation";
import styles from "./chat.module.css";

/** A line's time of day, UTC as every time on the portal: "18:12:05". */
const clockOf = (iso: string) => new Date(iso).toISOString().slice(11, 19);

/** The line's words; a deleted line's struck through, with who deleted it. */
function LineText({ line }: { line: ModeratedLine }) {
  if (line.deletedAt === null) return <span className={styles.text}>{line.text}</span>;
  return (
    <span className={styles.text}>
      <s data-testid="chat-deleted-text">{line.text}</s>{" "}
      <span className={styles.deletedBy} data-testid="chat-deleted-by">
        deleted by {line.deletedBy ?? "an operator"}
      </span>
    </span>
  );
}

/**
 * Delete, Mute, Ban from chat. A dealer's or an operator's line can be deleted; only a player is
 * muted or banned (the portal's own people answer to their admin, not to the chat's rules).
 */
function LineActions({ line, moderation }: { line: ModeratedLine; moderation: ChatModeration }) {
  const writer = { userId: line.userId, name: line.name };
  return (
    <span className={styles.actions}>
      <button
        type="button"
        className={styles.action}
        disabled={line.deletedAt !== null}
        onClick={() => void moderation.remove(line)}
      >
        Delete
      </button>
      {line.role === "player" && (
        <>
          <button
            type="button"
            className={styles.action}
            onClick={() => {
              moderation.mute(writer);
            }}
          >
            Mute
          </button>
          <button
            type="button"
            className={styles.dangerAction}
            onClick={() => void moderation.ban(writer)}
          >
            Ban from chat
          </button>
        </>
      )}
    </span>
  );
}

const rowProps = (line: ModeratedLine) => ({
  "data-testid": "chat-line",
  "data-message-id": line.id,
  "data-user-id": line.userId,
  "data-deleted": line.deletedAt === null ? undefined : "true",
});

/**
 * Every table's lines, newest first, as the Chat page lists them: a writer's name picks their
 * lines alone (`onPlayer`).
 */
export function ChatTable({
  lines,
  moderation,
  onPlayer,
}: {
  lines: ModeratedLine[];
  moderation: ChatModeration;
  onPlayer: (writer: { userId: string; name: string }) => void;
}) {
  return (
    <DataTable
      testId="chat-lines"
      columns={["Time", "Table", "Name", "Role", "Text", ""]}
      empty="No lines."
      rows={lines.map((line) => (
        <tr key={line.id} {...rowProps(line)}>
          <td className={styles.time}>{formatTimestamp(line.at)}</td>
          <td>{line.tableName}</td>
          <td>
            <button
              type="button"
              className={styles.name}
              title={`${line.name}'s lines alone`}
              onClick={() => {
                onPlayer({ userId: line.userId, name: line.name });
              }}
            >
              {line.name}
            </button>
          </td>
          <td>
            <span className={styles.role} data-role={line.role}>
              {line.role}
            </span>
          </td>
          <td>
            <LineText line={line} />
          </td>
          <td>
            <LineActions line={line} moderation={moderation} />
          </td>
        </tr>
      ))}
    />
  );
}

/** One table's latest lines, newest first, small enough for a monitor card. */
export function ChatFeed({
  lines,
  moderation,
}: {
  lines: ModeratedLine[];
  moderation: ChatModeration;
}) {
  if (lines.length === 0) return <p className={styles.quiet}>No lines yet.</p>;
  return (
    <ol className={styles.feed} data-testid="chat-feed">
      {lines.map((line) => (
        <li key={line.id} className={styles.feedLine} {...rowProps(line)}>
          <div className={styles.feedHead}>
            <span className={styles.time}>{clockOf(line.at)}</span>
            <strong>{line.name}</strong>
            {line.role !== "player" && (
              <span className={styles.role} data-role={line.role}>
                {line.role}
              </span>
            )}
            <LineActions line={line} moderation={moderation} />
          </div>
          <LineText line={line} />
        </li>
      ))}
    </ol>
  );
}
