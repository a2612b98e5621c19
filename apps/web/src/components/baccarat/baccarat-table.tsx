"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import * as z from "zod/mini";

import { ownReturnsOf } from "@fuda/contracts";
import { baccarat } from "@fuda/rules";
import { StatusBadge } from "@fuda/ui";

import type { TableDetail } from "~/game-api";
import { useLabels } from "~/i18n/use-labels";
import type { TableEvent } from "~/table-stream";

import { useAccount } from "../account-context";
import { baccaratMarks, MiniBigRoad } from "../mini-road";
import type { SlipBet } from "../table";
import {
  Announcer,
  ChipTray,
  chipValues,
  Countdown,
  LiveDealerBadge,
  RoundPhase,
  TableBanners,
  TableLimits,
  useAnnouncer,
  useBetSlip,
  useOwnResultWords,
  useTableState,
} from "../table";
import { TableVideo } from "../video/table-video";
import styles from "./baccarat.module.css";
import type { SpotState } from "./bet-spots";
import { BetSpots } from "./bet-spots";
import { Felt } from "./felt";
import { Roads } from "./roads";

/** The part of a round's outcome (the rules' `RoundOutcome`) the page shows. */
const outcomeSchema = z.object({
  code: z.int(),
  winner: z.enum(["player", "banker", "tie"]),
  playerTotal: z.int(),
  bankerTotal: z.int(),
  playerPair: z.boolean(),
  bankerPair: z.boolean(),
});
type Outcome = z.infer<typeof outcomeSchema>;

export const parseOutcome = (outcome: unknown): Outcome | null => {
  const parsed = outcomeSchema.safeParse(outcome);
  return parsed.success ? parsed.data : null;
};

/** The player's own settlement or refund of a round (their private event). */
interface OwnResult {
  roundId: string;
  kind: "settled" | "refunded";
  staked: number;
  returned: number;
}

function ownResultOf(event: TableEvent): OwnResult | null {
  if (event.playerId === null || event.roundId === null) return null;
  const own = ownReturnsOf(event);
  if (own === null) return null;
  return {
    roundId: event.roundId,
    kind: event.type === "round.settled" ? "settled" : "refunded",
    staked: own.bets.reduce((sum, bet) => sum + bet.amount, 0),
    returned: own.returned,
  };
}

const variantOf = (variant: string): baccarat.LiveVariant =>
  variant === "no-commission" ? "no-commission" : "commission";

/**
 * A baccarat table: the felt (both hands, revealed in the order the cards come out), the eight
 * spots, chips and the bet slip's buttons, the countdown, the result with the winning spots
 * lit and the player's own win, the five roads and the shoe's numbers. Everything follows the
 * table's events; the header's balance follows the player's own.
 *
 * `compact`: one of several tables on a screen (the multi-table page): a section, not the
 * page's main; no video, the big road shown and every road one tap away, a link to the table.
 */
export function BaccaratTable({
  detail,
  compact = false,
  chip: screenChip,
}: {
  detail: TableDetail;
  compact?: boolean;
  /** The chip the screen's one tray chose (several tables): the table shows no tray of its own. */
  chip?: number;
}) {
  const t = useTranslations("baccarat");
  const tPlay = useTranslations("tablePlay");
  const ownResultWords = useOwnResultWords();
  const labels = useLabels();
  const { account, loaded } = useAccount();
  const { message, announce } = useAnnouncer();
  const [own, setOwn] = useState<OwnResult | null>(null);

  const resultText = useCallback(
    (outcome: Outcome) =>
      t(`result.${outcome.winner}`, {
        player: outcome.playerTotal,
        banker: outcome.bankerTotal,
      }),
    [t],
  );
  const ownText = useCallback(
    (result: OwnResult) => {
      if (result.kind === "refunded") {
        return t("refunded", { amount: labels.points(result.returned) });
      }
      return ownResultWords(result.returned - result.staked, result.returned);
    },
    [t, labels, ownResultWords],
  );

  const { state, connection } = useTableState(detail, {
    onEvent(event, next) {
      const number = next.round?.number ?? 0;
      if (event.type === "round.opened") announce(t("announceOpened", { number }));
      else if (event.type === "round.closed") announce(t("announceClosed"));
      const result = ownResultOf(event);
      if (result !== null) {
        setOwn(result);
        const outcome = parseOutcome(next.round?.outcome);
        announce(
          outcome === null || result.kind === "refunded"
            ? ownText(result)
            : `${resultText(outcome)}. ${ownText(result)}`,
        );
      } else if (event.type === "round.result") {
        const outcome = parseOutcome(event.payload.outcome);
        if (outcome !== null) announce(resultText(outcome));
      }
    },
  });

  const { table } = state;
  const variant = variantOf(table.variant);
  const round = state.round;
  const outcome = round?.phase === "settled" ? parseOutcome(round.outcome) : null;
  const marks = useMemo(() => baccaratMarks(state.road) ?? [], [state.road]);
  const chips = useMemo(() => chipValues(table.limits), [table.limits]);
  const [ownChip, setChip] = useState(chips[0]!);
  const chip = screenChip ?? ownChip;
  const offered = useCallback(
    (bet: SlipBet) => round === null || round.betsOffered.includes(bet.bet),
    [round],
  );
  const betName = useCallback((bet: SlipBet) => labels.bet("baccarat", bet.bet), [labels]);
  const slip = useBetSlip({ roundId: round?.id ?? null, betName, offered });

  const betting =
    round?.phase === "betting" && table.status === "open" && connection !== "reconnecting";
  const canBet = betting && account !== null && !slip.busy;
  const stakeOn = (bet: baccarat.BetId) =>
    slip.placed.filter((placed) => placed.bet === bet).reduce((sum, one) => sum + one.amount, 0);
  const spots = Object.fromEntries(
    baccarat.BET_IDS.map((bet): [baccarat.BetId, SpotState] => [
      bet,
      {
        stake: stakeOn(bet),
        closedAfter:
          round !== null && !round.betsOffered.includes(bet)
            ? (baccarat.LAST_ROUND[bet] ?? null)
            : null,
        won: outcome !== null && (baccarat.payoutOdds(variant, bet, outcome.code)?.win ?? 0) > 0,
      },
    ]),
  ) as Record<baccarat.BetId, SpotState>;
  const staked = slip.placed.reduce((sum, bet) => sum + bet.amount, 0);
  const ownShown = own !== null && round !== null && own.roundId === round.id ? own : null;

  const felt = (
    <>
      <Felt cards={round?.cards ?? []} totals={round?.totals} />
      {outcome !== null && (
        <div className={styles.result} data-testid="result" data-winner={outcome.winner}>
          <p className={styles.resultLine}>{resultText(outcome)}</p>
          {(outcome.playerPair || outcome.bankerPair) && (
            <p className={styles.resultPairs}>
              {t(
                `pairs.${
                  outcome.playerPair && outcome.bankerPair
                    ? "both"
                    : outcome.playerPair
                      ? "player"
                      : "banker"
                }`,
              )}
            </p>
          )}
          {ownShown !== null && (
            <p
              className={styles.own}
              data-testid="own-result"
              data-net={ownShown.returned - ownShown.staked}
              data-returned={ownShown.returned}
            >
              {ownText(ownShown)}
            </p>
          )}
        </div>
      )}
      {round?.phase === "cancelled" && ownShown !== null && (
        <p className={styles.own} data-testid="own-result" data-net={0}>
          {ownText(ownShown)}
        </p>
      )}
    </>
  );
  const spotsShown = (
    <BetSpots
      variant={variant}
      spots={spots}
      canBet={canBet}
      onBet={(bet) => {
        void slip.place([{ bet, amount: chip }]);
      }}
    />
  );
  const Frame = compact ? "section" : "main";
  const headingId = `table-${table.slug}`;
  const roads = (
    <>
      <Roads marks={marks} />
      <section className={styles.stats} aria-label={t("shoe")} data-testid="shoe-stats">
        <dl>
          {(["player", "banker", "tie"] as const).map((side) => (
            <div key={side} data-stat={side}>
              <dt>{labels.bet("baccarat", side)}</dt>
              <dd>{marks.filter((mark) => mark.winner === side).length}</dd>
            </div>
          ))}
          <div data-stat="cardsLeft">
            <dt>{t("cardsLeft")}</dt>
            <dd>{state.shoe?.cardsLeft ?? "–"}</dd>
          </div>
          <div data-stat="round">
            <dt>{t("shoeRound")}</dt>
            <dd>{round?.number ?? "–"}</dd>
          </div>
        </dl>
      </section>
    </>
  );

  return (
    <Frame
      className={compact ? styles.compact : styles.table}
      aria-labelledby={compact ? headingId : undefined}
      data-testid={compact ? "multi-table" : "table-page"}
      data-game="baccarat"
      data-slug={table.slug}
      data-round={round?.id ?? ""}
      data-connection={connection}
    >
      <header className={styles.top}>
        <div className={styles.title}>
          {compact ? (
            <h2 id={headingId} translate="no">
              <Link href={`/tables/${table.slug}`}>{table.name}</Link>
            </h2>
          ) : (
            <h1 translate="no">{table.name}</h1>
          )}
          <StatusBadge status={table.status} label={labels.status(table.status)} />
          <LiveDealerBadge table={table} />
        </div>
        <p className={`${styles.meta} ${styles.variantLine}`}>
          {labels.game(table.game)} · {labels.variant(table.variant)}
        </p>
        <RoundPhase round={round} className={styles.meta} />
      </header>

      <div className={styles.layout}>
        <div className={styles.play}>
          {!compact && <TableVideo stream={table.stream} />}
          {round?.phase === "betting" ? (
            <Countdown closesAt={round.closesAt} windowSeconds={table.countdownSeconds} />
          ) : null}
          <TableBanners
            connection={connection}
            status={table.status}
            phase={round?.phase ?? null}
            error={slip.error}
          />
          {compact ? (
            <div className={styles.deal}>
              <div className={styles.dealFelt}>{felt}</div>
              {spotsShown}
            </div>
          ) : (
            <>
              {felt}
              {spotsShown}
            </>
          )}

          <div className={styles.controls}>
            {screenChip === undefined && (
              <ChipTray values={chips} selected={chip} onSelect={setChip} />
            )}
            <div className={styles.actions}>
              {(
                [
                  ["undo", slip.undo, slip.placed.length > 0],
                  ["repeat", slip.repeat, slip.last.length > 0],
                  ["double", slip.double, slip.placed.length > 0],
                ] as const
              ).map(([name, act, possible]) => (
                <button
                  key={name}
                  type="button"
                  className={styles.action}
                  data-testid={name}
                  title={name === "undo" ? t("undoHint") : undefined}
                  disabled={!canBet || !possible}
                  onClick={() => void act()}
                >
                  {t(name)}
                </button>
              ))}
            </div>
            {loaded && account === null && (
              <p className={styles.signIn}>
                <Link href="/sign-in">{tPlay("errors.signIn")}</Link>
              </p>
            )}
            <p className={styles.staked} data-testid="staked" data-amount={staked}>
              {t("staked", { amount: labels.points(staked) })}
            </p>
          </div>
        </div>

        {compact ? (
          <details className={styles.compactRoads} data-testid="roads-toggle">
            <summary>
              <span className={styles.summaryRoad}>
                <MiniBigRoad marks={marks} label={t("roads")} />
              </span>
              <span>{t("roads")}</span>
            </summary>
            {roads}
          </details>
        ) : (
          <aside className={styles.side}>
            {roads}
            <TableLimits table={table} className={styles.limits} />
          </aside>
        )}
      </div>
      <Announcer message={message} />
    </Frame>
  );
}
