"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";

import type { GameName } from "@fuda/api";

import type { RecalledRound } from "~/history";
import { useLabels } from "~/i18n/use-labels";

import styles from "./history.module.css";
import { roundMoney } from "./round-money";
import { handName, outcomeWords } from "./round-words";
import { ReplayButton } from "./round-replay";
import { useSignedPoints } from "./use-signed-points";

type Bet = RecalledRound["bets"][number];
type Card = RecalledRound["cards"][number];

const GAMES: readonly string[] = ["baccarat", "quick-baccarat", "pok-deng", "joker-blackjack"];
const isGame = (game: string): game is GameName => GAMES.includes(game);

/** Cards grouped by hand, in reveal order: "player-1" and "player-2" are the Player's. */
export function byHand(cards: readonly Card[]): { hand: string; cards: Card[] }[] {
  const hands = new Map<string, Card[]>();
  for (const card of cards) {
    const hand = card.position.replace(/-\d+$/, "");
    hands.set(hand, [...(hands.get(hand) ?? []), card]);
  }
  return [...hands].map(([hand, handCards]) => ({ hand, cards: handCards }));
}

export function useRoundWords() {
  const t = useTranslations();
  const labels = useLabels();
  const format = useFormatter();
  return {
    t,
    labels,
    time: (instant: string | null) =>
      instant === null
        ? t("history.notYet")
        : format.dateTime(new Date(instant), { dateStyle: "medium", timeStyle: "medium" }),
    signed: useSignedPoints(),
    hand: (hand: string): ReactNode => handName(hand, t) ?? <span translate="no">{hand}</span>,
    bet(game: string, bet: Bet): string {
      if (
        game === "pok-deng" &&
        bet.seat !== null &&
        (bet.bet === "seat" || bet.bet === "seatPair")
      ) {
        return t(`pokDeng.${bet.bet}`, { seat: bet.seat });
      }
      // Bet Behind names the seat it backed (docs/rules/joker-blackjack.md, Bet Behind).
      if (game === "joker-blackjack" && bet.bet === "behind" && bet.seat !== null) {
        return t("betBehind.seatLabel", { seat: bet.seat });
      }
      return isGame(game) ? labels.bet(game, bet.bet) : bet.bet;
    },
    game: (game: string) => (isGame(game) ? labels.game(game) : game),
  };
}

/** The outcome in words (round-words.ts); a game without words for it shows its cards only. */
export function Outcome({ round }: { round: RecalledRound }) {
  const { t } = useRoundWords();
  if (round.outcome === null || typeof round.outcome !== "object") {
    return <>{t("history.notYet")}</>;
  }
  return <>{outcomeWords(round.table.game, round.outcome, t) ?? t("history.none")}</>;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Every field of a recalled round (AGCO 13.1.1): the recall shows it open, the list folded. */
export function RoundDetails({ round, open }: { round: RecalledRound; open: boolean }) {
  const words = useRoundWords();
  const { t, labels } = words;
  const { staked, returned, net } = roundMoney(round);
  const settled = round.bets.every((bet) => bet.status !== "open");
  return (
    <details
      className={styles.round}
      open={open}
      data-testid="history-round"
      data-round-id={round.roundId}
      data-kind={round.kind}
      data-staked={staked}
      data-returned={returned}
    >
      <summary>
        <span className={styles.title}>
          <span translate="no">{round.table.name}</span> ·{" "}
          {round.quick === null
            ? t("history.round", { number: round.number })
            : t("history.quickHand", { hand: round.quick.hand })}
        </span>
        <span className={styles.muted}>{words.time(round.openedAt)}</span>
        <span>
          {t("history.field.staked")} {labels.points(staked)}
        </span>
        {settled && (
          <span className={styles.net} data-sign={Math.sign(net)} data-testid="history-net">
            {t("history.field.net")} {words.signed(net)}
          </span>
        )}
        <span className={styles.muted}>{t(`history.phase.${round.phase}`)}</span>
      </summary>
      <ReplayButton round={round} />
      <dl className={styles.fields}>
        <Field label={t("history.field.game")}>
          {words.game(round.table.game)} · {t(`history.kind.${round.kind}`)}
        </Field>
        <Field label={t("history.field.table")}>
          <span translate="no">{round.table.name}</span>
        </Field>
        <Field label={t("history.field.roundId")}>
          <span className={styles.code} translate="no">
            {round.roundId}
          </span>
        </Field>
        <Field label={t("history.field.shoeId")}>
          <span className={styles.code} translate="no">
            {round.shoeId}
          </span>
        </Field>
        <Field label={t("history.field.openedAt")}>{words.time(round.openedAt)}</Field>
        <Field label={t("history.field.closedAt")}>{words.time(round.closedAt)}</Field>
        <Field label={t("history.field.settledAt")}>{words.time(round.settledAt)}</Field>
        <Field label={t("history.field.outcome")}>
          <span data-testid="history-outcome">
            <Outcome round={round} />
          </span>
        </Field>
        <Field label={t("history.field.cards")}>
          {round.cards.length === 0 ? (
            t("history.noCards")
          ) : (
            <span className={styles.hands} data-testid="history-cards">
              {byHand(round.cards).map(({ hand, cards }) => (
                <span key={hand}>
                  {words.hand(hand)}
                  {cards.map((card) => (
                    <span
                      key={card.position}
                      className={styles.card}
                      data-red={/[♥♦]/.test(card.label)}
                      data-card={card.card}
                      data-position={card.position}
                      translate="no"
                    >
                      {card.label}
                    </span>
                  ))}
                </span>
              ))}
            </span>
          )}
        </Field>
        <Field label={t("history.field.balanceBefore")}>
          <span data-testid="history-balance-before" data-balance={round.balanceBefore ?? ""}>
            {round.balanceBefore === null ? t("history.none") : labels.points(round.balanceBefore)}
          </span>
        </Field>
        <Field label={t("history.field.balanceAfter")}>
          <span data-testid="history-balance-after" data-balance={round.balanceAfter ?? ""}>
            {round.balanceAfter === null ? t("history.none") : labels.points(round.balanceAfter)}
          </span>
        </Field>
        {round.quick !== null && (
          <>
            <Field label={t("history.field.quickBefore")}>
              {labels.points(round.quick.pointsBefore)}
            </Field>
            <Field label={t("history.field.quickAfter")}>
              {labels.points(round.quick.pointsAfter)}
            </Field>
          </>
        )}
      </dl>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={styles.muted}>{t("history.field.bets")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("history.bet.bet")}</th>
              <th scope="col" className={styles.amount}>
                {t("history.bet.stake")}
              </th>
              <th scope="col" className={styles.amount}>
                {t("history.bet.reserved")}
              </th>
              <th scope="col">{t("history.bet.status")}</th>
              <th scope="col" className={styles.amount}>
                {t("history.bet.returned")}
              </th>
              <th scope="col">{t("history.bet.placedAt")}</th>
              <th scope="col">{t("history.bet.betId")}</th>
            </tr>
          </thead>
          <tbody>
            {round.bets.map((bet) => (
              <tr
                key={bet.betId}
                data-testid="history-bet"
                data-bet={bet.bet}
                data-seat={bet.seat ?? ""}
                data-stake={bet.stake}
                data-reserved={bet.reserved}
                data-returned={bet.returned ?? ""}
                data-status={bet.status}
              >
                <td>{words.bet(round.table.game, bet)}</td>
                <td className={styles.amount}>{labels.points(bet.stake)}</td>
                <td className={styles.amount}>{labels.points(bet.reserved)}</td>
                <td>{t(`history.betStatus.${bet.status}`)}</td>
                <td className={styles.amount}>
                  {bet.returned === null ? t("history.notYet") : labels.points(bet.returned)}
                </td>
                <td>{words.time(bet.placedAt)}</td>
                <td className={styles.code} translate="no">
                  {bet.betId}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
