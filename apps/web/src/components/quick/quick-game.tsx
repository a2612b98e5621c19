"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";

import { baccarat, POINT } from "@fuda/rules";
import type { Odds } from "@fuda/rules";

import { useLabels } from "~/i18n/use-labels";

import baccaratStyles from "../baccarat/baccarat.module.css";
import { useOddsText } from "../baccarat/bet-spots";
import { Felt } from "../baccarat/felt";
import {
  Announcer,
  StatusBanner,
  useAnnouncer,
  useCardWords,
  useOwnResultWords,
  useReveal,
  spokenName,
} from "../table";
import { NoTimer } from "../no-timer";
import styles from "./quick.module.css";
import type { QuickRefusal, QuickSpot, QuickStep, QuickView } from "./use-quick-game";
import { useQuickGame } from "./use-quick-game";

/** What each spot pays (docs/rules/quick-baccarat.md, Spots and payouts): Banker 1:1, no commission. */
const QUICK_ODDS: Readonly<Record<QuickSpot, Odds>> = {
  playerPair: baccarat.PAYOUTS.pair,
  player: baccarat.PAYOUTS.evenMoney,
  tie: baccarat.PAYOUTS.tie,
  banker: baccarat.PAYOUTS.evenMoney,
  bankerPair: baccarat.PAYOUTS.pair,
};

/** The 520-card shoe (docs/rules/quick-baccarat.md, Deck and reshuffle). */
const SHOE_CARDS = 520;
const SPOT_MAX = baccarat.QUICK_SPOT_MAX / POINT;

/** Keys that press the buttons: 1–5 the spots from left to right, then the four buttons. */
const SPOT_KEYS = ["1", "2", "3", "4", "5"];
const STEP_KEYS: Readonly<Record<string, Exclude<QuickStep, "add">>> = {
  u: "undo",
  d: "deal",
  n: "next",
  s: "startOver",
};
const KEY_OF_STEP = Object.fromEntries(Object.entries(STEP_KEYS).map(([key, step]) => [step, key]));

type Outcome = NonNullable<QuickView["lastHand"]>["outcome"];

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** A refusal in the page's words: by the rule the quick game names, else by the API's reason. */
function useRefusalText(): (refusal: QuickRefusal) => string {
  const t = useTranslations("quick");
  const labels = useLabels();
  return ({ reason, rule, spot }) => {
    const bet = spot === null ? "" : labels.bet("quick-baccarat", spot);
    if (rule !== null && t.has(`refused.${rule}`))
      return t(`refused.${rule}`, { bet, max: SPOT_MAX });
    return t.has(`reason.${reason}`) ? t(`reason.${reason}`) : t("reason.OTHER");
  };
}

/**
 * The quick game (docs/rules/quick-baccarat.md): 50 points, five spots taking a point a click
 * (at most 5 on one, never Player and Banker together), Undo, Deal, Next and Start over. The
 * game lives on the server (`quick.*`), so a reload finds it as it was; a hand dealt here comes
 * out card by card, its result and the points it brought shown once the last card is out.
 */
export function QuickGame({ initial }: { initial: QuickView }) {
  const t = useTranslations("quick");
  const tb = useTranslations("baccarat");
  const ownResultWords = useOwnResultWords();
  const labels = useLabels();
  const odds = useOddsText();
  const cardWords = useCardWords();
  const refusalText = useRefusalText();
  const { message, announce } = useAnnouncer();
  const { game, refusal, busy, press } = useQuickGame(initial);

  // The last hand stays on the felt until Next clears it for the new hand's bets.
  const hand = game.phase === "dealt" ? game.lastHand : null;
  const reveal = useReveal({
    key: hand?.handId ?? "",
    total: hand?.cards.length ?? 0,
    // Only a hand dealt on this page is dealt again before the player's eyes.
    autoplay: hand !== null && hand.handId !== initial.lastHand?.handId,
  });
  const revealing = hand !== null && !reveal.done;
  const returned = sum(hand?.settlements.map((line) => line.returned) ?? []);
  const staked = sum(hand?.settlements.map((line) => line.stake) ?? []);
  const onSpots = game.phase === "betting" ? sum(Object.values(game.bets)) : 0;
  // Until the last card is out, the hand's returns are not shown in the points either.
  const points = revealing ? game.balance - returned : game.balance;
  const outcome = hand !== null && reveal.done ? hand.outcome : null;

  const ownText = ownResultWords(returned - staked, returned);
  const winnerText = (outcome: Outcome) =>
    tb(`result.${outcome.winner}`, { player: outcome.playerTotal, banker: outcome.bankerTotal });
  const resultText = (): string => (hand === null ? "" : `${winnerText(hand.outcome)}. ${ownText}`);

  // Each card as it comes out, then the result: what a screen reader hears of the deal.
  const said = useRef({ hand: hand?.handId, shown: reveal.shown });
  useEffect(() => {
    if (hand === null || (!reveal.playing && !reveal.done)) return;
    const last = said.current;
    said.current = { hand: hand.handId, shown: reveal.shown };
    if (last.hand === hand.handId && last.shown >= reveal.shown) return;
    const card = hand.cards[reveal.shown - 1];
    if (card === undefined) return;
    const side = labels.bet(
      "quick-baccarat",
      card.position.startsWith("player") ? "player" : "banker",
    );
    announce(
      reveal.done
        ? `${side}: ${cardWords(card.card)}. ${resultText()}`
        : `${side}: ${cardWords(card.card)}`,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- announced once per card shown
  }, [reveal.shown, hand?.handId]);

  useEffect(() => {
    if (refusal !== null) announce(refusalText(refusal));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refusal
  }, [refusal?.count]);

  const betting = game.phase === "betting";
  const can: Record<Exclude<QuickStep, "add">, boolean> = {
    undo: betting && onSpots > 0,
    deal: betting && onSpots > 0,
    next: game.phase === "dealt" && !revealing,
    // docs/rules/quick-baccarat.md, Settled interpretations 2: nothing held, nothing on the spots.
    startOver: game.balance === 0 && onSpots === 0 && !revealing,
  };
  const canAdd = betting && game.balance > 0;

  const pressSpot = (spot: QuickSpot) => {
    void press("add", spot);
  };
  // Anywhere on the page but in a field: the keys press the buttons they name.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      if ((event.target as Element | null)?.closest("input, select, textarea, summary")) return;
      const spot = baccarat.QUICK_SPOTS[SPOT_KEYS.indexOf(event.key)];
      const step = STEP_KEYS[event.key.toLowerCase()];
      if (spot !== undefined && canAdd) pressSpot(spot);
      else if (step !== undefined && can[step]) void press(step);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
    };
  });

  return (
    <main
      className={`${baccaratStyles.table} ${styles.quick}`}
      data-testid="quick-page"
      data-phase={game.phase}
      data-balance={game.balance}
      data-hands={game.handsDealt}
      data-revealing={revealing}
      data-busy={busy}
    >
      <header className={baccaratStyles.top}>
        <h1 className={styles.title}>{t("title")}</h1>
        <p className={baccaratStyles.meta}>{t("tagline")}</p>
      </header>

      <section
        className={`${baccaratStyles.stats} ${styles.stats}`}
        aria-label={t("stats")}
        data-testid="quick-stats"
      >
        <dl>
          <div data-stat="points" data-value={points}>
            <dt>{t("points")}</dt>
            <dd>{labels.points(points)}</dd>
          </div>
          <div data-stat="onSpots" data-value={onSpots}>
            <dt>{t("onSpots")}</dt>
            <dd>{labels.points(onSpots)}</dd>
          </div>
          <div data-stat="hands" data-value={game.handsDealt}>
            <dt>{t("handsDealt")}</dt>
            <dd>{game.handsDealt}</dd>
          </div>
          <div data-stat="cardsLeft" data-value={game.cardsLeft}>
            <dt>{t("cardsLeft")}</dt>
            <dd>{t("cardsLeftValue", { left: game.cardsLeft, total: SHOE_CARDS })}</dd>
          </div>
          {/* No betting window here (docs/rules/quick-baccarat.md): a dash that says why. */}
          <div data-stat="countdown" data-value="">
            <dt>{t("countdown")}</dt>
            <dd>
              <NoTimer hint={t("noCountdown")} />
            </dd>
          </div>
        </dl>
      </section>

      {refusal !== null && <StatusBanner kind="other" message={refusalText(refusal)} />}

      <Felt cards={hand === null ? [] : hand.cards.slice(0, reveal.shown)} />

      {outcome !== null && (
        <div className={baccaratStyles.result} data-testid="result" data-winner={outcome.winner}>
          <p className={baccaratStyles.resultLine}>{winnerText(outcome)}</p>
          {(outcome.playerPair || outcome.bankerPair) && (
            <p className={baccaratStyles.resultPairs}>
              {tb(
                `pairs.${outcome.playerPair && outcome.bankerPair ? "both" : outcome.playerPair ? "player" : "banker"}`,
              )}
            </p>
          )}
          <p
            className={baccaratStyles.own}
            data-testid="own-result"
            data-net={returned - staked}
            data-returned={returned}
          >
            {ownText}
          </p>
        </div>
      )}

      <div className={styles.spots} role="group" aria-label={t("spots")} data-testid="spots">
        {baccarat.QUICK_SPOTS.map((spot, index) => {
          const name = labels.bet("quick-baccarat", spot);
          const line = hand?.settlements.find((settled) => settled.bet === spot);
          // After the deal the spots show the hand's stakes, lit where they won.
          const stake = betting ? game.bets[spot] : (line?.stake ?? 0);
          const won = outcome !== null && (line?.net ?? 0) > 0;
          const fill = t("spotFill", { points: stake / POINT, max: SPOT_MAX });
          return (
            <button
              key={spot}
              type="button"
              className={baccaratStyles.spot}
              data-bet={spot}
              data-testid="spot"
              data-stake={stake}
              data-won={won}
              aria-disabled={!canAdd}
              aria-keyshortcuts={SPOT_KEYS[index]}
              aria-label={spokenName(
                [name, odds(QUICK_ODDS[spot]), fill, stake > 0 ? labels.points(stake) : null],
                [
                  tb("spot", { bet: name, payout: odds(QUICK_ODDS[spot]) }),
                  stake > 0 ? tb("yourStake", { amount: labels.points(stake) }) : null,
                ],
              )}
              onClick={() => {
                if (canAdd) pressSpot(spot);
              }}
            >
              <span className={baccaratStyles.spotName}>{name}</span>{" "}
              <span className={baccaratStyles.spotPayout}>{odds(QUICK_ODDS[spot])}</span>{" "}
              <span className={styles.spotFill}>{fill}</span>{" "}
              {stake > 0 && (
                <span className={baccaratStyles.stake} data-testid="stake">
                  {labels.points(stake)}
                </span>
              )}
            </button>
          );
        })}
      </div>

      <div className={baccaratStyles.actions}>
        {(["undo", "deal", "next", "startOver"] as const).map((step) => (
          <button
            key={step}
            type="button"
            className={baccaratStyles.action}
            data-testid={`quick-${step}`}
            data-primary={step === "deal" || step === "next"}
            disabled={!can[step]}
            aria-keyshortcuts={KEY_OF_STEP[step]}
            title={t(`hint.${step}`)}
            onClick={() => void press(step)}
          >
            {t(step)}
          </button>
        ))}
      </div>
      <p className={styles.keys}>{t("keys")}</p>
      <Announcer message={message} />
    </main>
  );
}
