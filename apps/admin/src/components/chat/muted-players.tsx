import { formatTimestamp } from "@fuda/ui";

import { DataTable } from "~/components/data-table";

import type { ChatModeration, ChatMute } from "./chat-moderation";
import styles from "./chat.module.css";

/** The mutes and chat bans in force (`admin.chat.mutes`), each with Unmute. */
export function MutedPlayers({
  mutes,
  moderation,
}: {
  mutes: ChatMute[];
  moderation: ChatModeration;
}) {
  return (
    <DataTable
      testId="chat-mutes"
      columns={["Player", "Until", "Reason", "By", "Since", ""]}
      empty="Nobody is muted."
      rows={mutes.map((mute) => (
        <tr key={mute.userId} data-testid="chat-mute" data-user-id={mute.userId}>
          <td>{mute.name}</td>
          <td>
            {mute.until === null ? (
              <strong className={styles.banned}>banned from chat</strong>
            ) : (
              formatTimestamp(mute.until)
            )}
          </td>
          <td>{mute.reason ?? ""}</td>
          <td>{mute.by}</td>
          <td className={styles.time}>{formatTimestamp(mute.createdAt)}</td>
          <td>
            <button
              type="button"
              className={styles.action}
              onClick={() => void moderation.unmute({ userId: mute.userId, name: mute.name })}
            >
              Unmute
            </button>
          </td>
        </tr>
      ))}
    />
  );
}
