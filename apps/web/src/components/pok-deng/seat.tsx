"use client";

import { useTranslations } from "next-intl";

import { pokDeng } from "@fuda/rules";

import { spokenName, useOwnResultWords } from "~/components/table";
import { useLabels } from "~/i18n/use-labels";

import { Hand } from "./hand";
import type { BetId, OwnSeatResult, SeatOutcome } from "./round-view";
import { useHandWords } from "./hand-words";
import styles from "./pok-deng.module.css";
import { SeatRoad } from "./seat-road";
import type { seatMarks } from "./seat-road";

const BET_IDS: readonly BetId[] = ["seat", "seatPair"];

/**
 * One Player seat: its two cards and their name, its two bet spots (the player's accepted stake,
 * then what they are about to add), the seat's result, what the player won or lost there with
 * the deposit's fate, and the seat's road.
 */
export function Seat({
  seat,
  cards,
  faceDown,
  revealing,
  outcome,
  stakes,
  drafted,
  own,
  canBet,
  onBet,
  marks,
}: {
  seat: number;
  cards: (number | null)[];
  faceDown: boolean;
  revealing: boolean;
  outcome: SeatOutcome | null;
  stakes: Record<BetId, number>;
  drafted: Record<BetId, number>;
  own: Record<BetId, OwnSeatResult | null>;
  canBet: boolean;
  onBet: (bet: BetId) => void;
  marks: ReturnType<typeof seatMarks>;
}) {
  const t = useTranslations("pokDeng");
  const labels = useLabels();
  const handWords = useHandWords();
  const ownResultWords = useOwnResultWords();
  const [first, second] = cards;
  const hand = first != null && second != null ? handWords(first, second) : null;
  const seatBet = own.seat;
  // A Player bet reserves its stake twice; anything back means the deposit came back with it.
  const deposit = seatBet === null ? null : seatBet.returned > 0 ? "returned" : "lost";
  // What the round did to the wallet at this seat: the returns less everything reserved, the
  // Player bet's deposit included (a 1:1 loss returns the deposit alone: that is a loss).
  let returned = 0;
  let net = 0;
  for (const id of BET_IDS) {
    const result = own[id];
    if (result === null) continue;
    returned += result.returned;
    net += result.returned - pokDeng.reservedFor({ id, stake: result.stake });
  }
  return (
    <article
      className={styles.seat}
      aria-label={t("seat", { seat })}
      data-testid="seat"
      data-seat={seat}
      data-revealing={revealing}
      data-outcome={outcome?.outcome ?? ""}
    >
      <h2>{t("seat", { seat })}</h2>
      <Hand cards={cards} hand={`seat-${seat}`} faceDown={faceDown} />
      <p className={styles.handLabel} data-testid="hand-label" data-score={outcome?.score ?? ""}>
        {hand === null ? "\u00a0" : hand.name}
        {hand?.pattern && <span className={styles.pattern}>{hand.pattern}</span>}
      </p>
      {outcome !== null && (
        <p className={styles.result} data-testid="seat-result" data-result={outcome.outcome}>
          {t(`result.${outcome.outcome}`)}
        </p>
      )}
      <div className={styles.spots}>
        {BET_IDS.map((bet) => {
          const name = t(bet, { seat });
          const placed = stakes[bet];
          const adding = drafted[bet];
          const shown = t(bet === "seat" ? "spotSeat" : "spotPair");
          const pays = t(bet === "seat" ? "paysSeat" : "paysPair");
          return (
            <button
              key={bet}
              type="button"
              className={styles.spot}
              disabled={!canBet}
              data-testid="spot"
              data-bet={bet}
              data-seat={seat}
              data-placed={placed}
              data-drafted={adding}
              aria-label={spokenName(
                [
                  shown,
                  pays,
                  placed > 0 ? labels.points(placed) : null,
                  adding > 0 ? `+${labels.points(adding)}` : null,
                ],
                [
                  t("spotLabel", {
                    bet: name,
                    placed: labels.points(placed),
                    adding: labels.points(adding),
                  }),
                ],
              )}
              onClick={() => {
                onBet(bet);
              }}
            >
              <span className={styles.spotName}>{shown}</span>{" "}
              <span className={styles.spotPays}>{pays}</span>{" "}
              {placed > 0 && <span className={styles.stake}>{labels.points(placed)}</span>}
              {placed > 0 && " "}
              {adding > 0 && <span className={styles.adding}>+{labels.points(adding)}</span>}
            </button>
          );
        })}
      </div>
      {(own.seat !== null || own.seatPair !== null) && (
        <p
          className={styles.own}
          data-testid="own-result"
          data-returned={returned}
          data-net={net}
          data-deposit={deposit ?? ""}
        >
          {ownResultWords(net, returned)}
          {seatBet !== null && (
            <>
              {" · "}
              {t(deposit === "returned" ? "depositReturned" : "depositLost", {
                deposit: labels.points(seatBet.stake),
              })}
            </>
          )}
        </p>
      )}
      <SeatRoad marks={marks} label={t("road", { seat, rounds: marks.length })} />
    </article>
  );
}
