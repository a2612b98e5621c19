import type { TableStream } from "@fuda/contracts";

import type { Game } from "~/game-api";

import { Field, FieldProblem } from "./limit-fields";
import type { Problem } from "./table-forms";
import { DEFAULT_CHAT_RETENTION_DAYS, STREAM_KEYS, hasChat } from "./table-forms";
import type { StreamKey } from "./table-forms";
import styles from "./tables-admin.module.css";

/** Each video URL's label and what it is for (docs/studio.md, Video). */
const STREAM_LABELS: Record<StreamKey, { label: string; placeholder: string }> = {
  hls: { label: "Video HLS URL", placeholder: "https://media.example/baccarat-a/index.m3u8" },
  whep: { label: "Video WHEP URL", placeholder: "https://media.example/baccarat-a/whep" },
  poster: { label: "Video poster URL", placeholder: "https://media.example/baccarat-a.jpg" },
};

/** Every form field these parts name, for the form to know which refusals show at a field. */
export const STREAM_CHAT_FIELDS = [
  ...STREAM_KEYS.map((key) => `stream.${key}`),
  "settings.chatRetentionDays",
  "settings.chatBets",
];

/**
 * The table's video: where the studio's media server publishes it (Fuda hosts none). An empty
 * field is a table without that URL.
 */
export function StreamFields({
  stream,
  problem,
}: {
  stream: TableStream | undefined;
  problem: Problem | null;
}) {
  return (
    <div className={styles.fields} data-testid="stream-fields">
      {STREAM_KEYS.map((key) => (
        <Field
          key={key}
          label={STREAM_LABELS[key].label}
          problem={problem}
          name={`stream.${key}`}
          type="url"
          className={styles.url}
          placeholder={STREAM_LABELS[key].placeholder}
          defaultValue={stream?.[key] ?? ""}
        />
      ))}
    </div>
  );
}

/** How long the table's chat is kept and, at joker blackjack, whether its chat bets and acts. */
export function ChatSettingsFields({
  game,
  retentionDays = DEFAULT_CHAT_RETENTION_DAYS,
  chatBets = true,
  problem,
}: {
  game: Game;
  retentionDays?: number;
  chatBets?: boolean;
  problem: Problem | null;
}) {
  if (!hasChat(game)) return null;
  return (
    <>
      <Field
        label="Chat kept (days)"
        problem={problem}
        name="settings.chatRetentionDays"
        type="number"
        step={1}
        min={1}
        max={365}
        data-testid="chat-retention-days"
        defaultValue={retentionDays}
      />
      {game === "joker-blackjack" && (
        <label title="A seated player's number in chat bets that many points; an action word acts in their turn">
          <span>
            <input
              type="checkbox"
              name="settings.chatBets"
              data-testid="chat-bets"
              defaultChecked={chatBets}
            />{" "}
            Chat bets
          </span>
          <FieldProblem problem={problem} field="settings.chatBets" />
        </label>
      )}
    </>
  );
}
