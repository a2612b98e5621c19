"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";

import { baccarat, jokerBlackjack } from "@fuda/rules";

import type { RecalledRound } from "~/history";

import { Felt } from "../baccarat/felt";
import { useHandWords } from "../pok-deng/hand-words";
import { Announcer, PlayingCard, useAnnouncer, useCardWords, useReveal } from "../table";
import styles from "./history.module.css";
import { byHand, Outcome, useRoundWords } from "./round-details";
import { roundMoney } from "./round-money";

type Card = RecalledRound["cards"][number];

const isBaccarat = (game: string) => game === "baccarat" || game === "quick-baccarat";

/** A hand's running total as its cards show so far, in each game's own count; null if none. */
function useHandTotal(game: string): (cards: readonly Card[]) => string | null {
  const pokDengWords = useHandWords();
  return (cards) => {
    if (cards.length === 0) return null;
    if (game === "pok-deng") {
      // docs/rules/pok-deng.md, Hand value: a two-card hand by its name, one card by its points.
      const [first, second] = cards;
      if (first !== undefined && second !== undefined) {
        return pokDengWords(first.card, second.card).name;
      }
      return String(baccarat.rankValue(cards[0]!.card & 0x0f));
    }
    if (game === "joker-blackjack")
      return String(jokerBlackjack.bestTotal(cards.map((c) => c.card)));
    return null;
  };
}

/**
 * A hand's name from its cards' positions: `player`, `banker`, `seat-3` (Pok Deng), `seat-3.1`
 * (joker blackjack: seat 3's first hand), `dealer`; another game's own name as it is.
 */
function useHandName(): (hand: string) => string {
  const t = useTranslations();
  return (hand) => {
    if (hand === "dealer") return t("quick.replay.dealer");
    if (hand === "player" || hand === "banker") return t(`bets.${hand}`);
    const seat = /^seat-(\d+)(?:\.(\d+))?$/.exec(hand);
    if (seat === null) return hand;
    const name = t("pokDeng.seat", { seat: seat[1]! });
    return seat[2] === undefined ? name : `${name} · ${seat[2]}`;
  };
}

/** The hands of a game the replay has no felt of its own for: each hand's cards in a row. */
function Hands({ game, cards }: { game: string; cards: readonly Card[] }) {
  const t = useTranslations("quick.replay");
  const handName = useHandName();
  const total = useHandTotal(game);
  return (
    <div className={styles.replayHands} data-testid="replay-hands">
      {byHand(cards).map(({ hand, cards: own }) => {
        const shownTotal = total(own);
        return (
          <div key={hand} className={styles.replayHand} data-hand={hand}>
            <p className={styles.replayHandName}>
              {shownTotal === null
                ? handName(hand)
                : t("total", { hand: handName(hand), total: shownTotal })}
            </p>
            <div className={styles.replayCards}>
              {own.map((card) => (
                <PlayingCard key={card.position} card={card.card} position={card.position} small />
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/**
 * A round of the player's history dealt again, card by card in the order the cards came out:
 * play, pause, a card forward or back, from the start. The hands and their totals build as
 * the cards come; the outcome and the player's bets with what each returned close it.
 */
function Replay({ round, onClose }: { round: RecalledRound; onClose: () => void }) {
  const t = useTranslations("quick.replay");
  const words = useRoundWords();
  const cardWords = useCardWords();
  const handName = useHandName();
  const { message, announce } = useAnnouncer();
  const dialog = useRef<HTMLDialogElement>(null);
  const reveal = useReveal({ key: round.roundId, total: round.cards.length, autoplay: true });
  const shown = round.cards.slice(0, reveal.shown);
  const { net } = roundMoney(round);
  const title = t("title", {
    round:
      round.quick === null
        ? words.t("history.round", { number: round.number })
        : words.t("history.quickHand", { hand: round.quick.hand }),
  });

  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    const card = round.cards[reveal.shown - 1];
    if (card === undefined) return;
    const said = `${handName(card.position.replace(/-\d+$/, ""))}: ${cardWords(card.card)}`;
    announce(
      reveal.done
        ? `${said}. ${t("progress", { shown: reveal.shown, total: round.cards.length })}`
        : said,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per card shown
  }, [reveal.shown]);

  return (
    <dialog
      ref={dialog}
      className={styles.replay}
      aria-labelledby={`replay-${round.roundId}`}
      data-testid="replay"
      data-shown={reveal.shown}
      data-total={round.cards.length}
      data-playing={reveal.playing}
      onClose={onClose}
    >
      <div className={styles.replayTop}>
        <h2 id={`replay-${round.roundId}`} className={styles.replayTitle}>
          <span translate="no">{round.table.name}</span> · {title}
        </h2>
        <button
          type="button"
          className={styles.more}
          data-testid="replay-close"
          onClick={() => dialog.current?.close()}
        >
          {t("close")}
        </button>
      </div>

      {round.cards.length === 0 ? (
        <p className={styles.note}>{t("noCards")}</p>
      ) : isBaccarat(round.table.game) ? (
        <Felt cards={shown} />
      ) : (
        <Hands game={round.table.game} cards={shown} />
      )}

      <p className={styles.replayProgress} data-testid="replay-progress">
        {t("progress", { shown: reveal.shown, total: round.cards.length })}
      </p>
      <div className={styles.replayControls} role="group" aria-label={title}>
        {(
          [
            ["restart", reveal.restart, reveal.shown === 0],
            ["back", reveal.back, reveal.shown === 0],
            [
              reveal.playing ? "pause" : "play",
              reveal.playing ? reveal.pause : reveal.play,
              round.cards.length === 0,
            ],
            ["step", reveal.step, reveal.done],
          ] as const
        ).map(([control, act, disabled]) => (
          <button
            key={control === "pause" ? "play" : control}
            type="button"
            className={styles.more}
            data-testid={`replay-${control === "pause" ? "play" : control}`}
            aria-pressed={control === "pause" || control === "play" ? reveal.playing : undefined}
            disabled={disabled}
            onClick={act}
          >
            {t(control)}
          </button>
        ))}
      </div>

      {reveal.done && (
        <div className={styles.replayEnd} data-testid="replay-end">
          <p className={styles.replayOutcome} data-testid="replay-outcome">
            <Outcome round={round} />
          </p>
          <h3 className={styles.replayBetsTitle}>{t("yourBets")}</h3>
          <ul className={styles.replayBets}>
            {round.bets.map((bet) => (
              <li
                key={bet.betId}
                data-testid="replay-bet"
                data-bet={bet.bet}
                data-stake={bet.stake}
                data-returned={bet.returned ?? ""}
              >
                {bet.returned === null
                  ? t("betOpen", {
                      bet: words.bet(round.table.game, bet),
                      stake: words.labels.points(bet.stake),
                    })
                  : t("betLine", {
                      bet: words.bet(round.table.game, bet),
                      stake: words.labels.points(bet.stake),
                      returned: words.labels.points(bet.returned),
                    })}
              </li>
            ))}
          </ul>
          <p
            className={styles.net}
            data-sign={Math.sign(net)}
            data-testid="replay-net"
            data-net={net}
          >
            {t("net", { amount: words.signed(net) })}
          </p>
        </div>
      )}
      <Announcer message={message} />
    </dialog>
  );
}

/** The button that opens a round's replay, and the replay while it is open. */
export function ReplayButton({ round }: { round: RecalledRound }) {
  const t = useTranslations("quick.replay");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.more}
        data-testid="history-replay"
        onClick={() => {
          setOpen(true);
        }}
      >
        {t("open")}
      </button>
      {open && (
        <Replay
          round={round}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
