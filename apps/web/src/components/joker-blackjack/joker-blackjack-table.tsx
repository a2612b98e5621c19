"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";

import { ownReturnsOf } from "@fuda/contracts";

import { useAccount } from "~/components/account-context";
import type { SlipBet } from "~/components/table";
import {
  Announcer,
  ChipTray,
  chipValues,
  Countdown,
  kindOfRefusal,
  PlayingCard,
  TableBanners,
  TableHeading,
  useAnnouncer,
  useBetSlip,
  useTableState,
} from "~/components/table";
import type { ApiError, SlipError } from "~/components/table";
import { TableVideo } from "~/components/video/table-video";
import type { TableDetail } from "~/game-api";
import { useLabels } from "~/i18n/use-labels";
import { answered, relayApi } from "~/relay-api";
import type { TableEvent } from "~/table-stream";

import { ActionBar } from "./actions";
import { ChooseAhead, useChooseAhead } from "./choose-ahead";
import type { TurnStarted } from "./choose-ahead";
import type { BehindResult } from "./bet-behind";
import { BetBehind } from "./bet-behind";
import styles from "./joker-blackjack.module.css";
import type { Action } from "./round-view";
import {
  applyJokerBlackjackEvent,
  CALLOUTS,
  dealerCards,
  dealerWords,
  lastSeatOf,
  outcomeOf,
  REASON_KEYS,
  refusalWords,
} from "./round-view";
import { Seat } from "./seat";

/** The bet on another player's seat (docs/rules/joker-blackjack.md, Bet Behind). */
const BEHIND = "behind";

/** The player's own bets behind, per seat, from their own settlement or refund. */
function behindResults(
  bets: readonly { bet: string; seat: number | null; amount: number; returned: number }[],
  refunded: boolean,
): Map<number, BehindResult> {
  const results = new Map<number, BehindResult>();
  for (const { bet, seat, amount, returned } of bets) {
    if (bet !== BEHIND || seat === null) continue;
    const before = results.get(seat) ?? { staked: 0, returned: 0, refunded };
    results.set(seat, {
      staked: before.staked + amount,
      returned: before.returned + returned,
      refunded,
    });
  }
  return results;
}

/** The seats of the seven-seat table (docs/rules/joker-blackjack.md, Table and shoe). */
const SEATS = [1, 2, 3, 4, 5, 6, 7];
/** A seat's time to act when the page came in mid-turn (the table's default `actionSeconds`). */
const DEFAULT_ACTION_SECONDS = 15;
/** Call-outs kept on screen: the latest first. */
const CALLOUTS_SHOWN = 4;

/** What the page learned from events of one round that `tables.get` does not repeat. */
interface RoundNotes {
  roundId: string | null;
  /** The hole card lies face down (`card.faceDown`). */
  holeDown: boolean;
  /** Settlement reasons per hand, `3.0` → ["joker", "678"]. */
  reasons: Map<string, string[]>;
  callouts: { key: number; text: string }[];
  /** The timer's whole length for the turn shown (its `turn.started` said when it began). */
  turnSeconds: number | null;
  /** The player's own bets behind each seat as settled or refunded, by seat. */
  behind: Map<number, BehindResult>;
}

const freshNotes = (roundId: string | null): RoundNotes => ({
  roundId,
  holeDown: false,
  reasons: new Map(),
  callouts: [],
  turnSeconds: null,
  behind: new Map(),
});

/**
 * A joker blackjack table (docs/rules/joker-blackjack.md): seven seats in acting order, seat 1 on
 * the right; a player sits, stakes their seat in the betting window, and acts on their turn with
 * the actions the round offers, under the server's timer. Cards come in the deal's order, the
 * hole card face down until the dealer's turn; every premium and joker effect is called out as
 * it is paid.
 */
export function JokerBlackjackTable({ detail }: { detail: TableDetail }) {
  const t = useTranslations("jokerBlackjack");
  const tb = useTranslations("betBehind");
  const labels = useLabels();
  const { account, loaded, setBalance, balanceMark } = useAccount();
  const { message, announce } = useAnnouncer();
  const [notes, setNotes] = useState<RoundNotes>(() => freshNotes(detail.round?.id ?? null));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<SlipError | null>(null);

  const seatWords = useCallback(
    (seat: number, hand: number, hands: number) =>
      hands > 1 ? t("seatHand", { seat, hand: hand + 1 }) : t("seat", { seat }),
    [t],
  );

  const dealerText = useCallback((result: unknown) => dealerWords(result, t), [t]);
  // Choose ahead hears its player's turns from the events (set once the hook below exists).
  const aheadTurn = useRef<(roundId: string, turn: TurnStarted) => void>(undefined);

  const onEvent = useCallback(
    (event: TableEvent, next: TableDetail) => {
      const round = next.round;
      const note = (change: (notes: RoundNotes) => RoundNotes) => {
        setNotes((current) =>
          change(current.roundId === (round?.id ?? null) ? current : freshNotes(round?.id ?? null)),
        );
      };
      const handsOf = (seat: number) =>
        round?.seats.find((entry) => entry.seat === seat)?.hands.length ?? 1;
      switch (event.type) {
        case "round.opened":
          note((current) => current);
          announce(
            event.payload.reopened === true
              ? t("announce.waiting")
              : t("announce.opened", { number: event.payload.number }),
          );
          break;
        case "round.closed":
          announce(t("announce.closed"));
          break;
        case "card.faceDown":
          note((current) => ({ ...current, holeDown: true }));
          break;
        case "card.dealt":
          if (event.payload.position === "dealer-2") {
            note((current) => ({ ...current, holeDown: false }));
            announce(t("announce.hole", { total: event.payload.totals.dealer ?? 0 }));
          }
          break;
        case "turn.started": {
          const { seat, hand, actsBy } = event.payload;
          const seconds =
            actsBy === undefined
              ? null
              : Math.max(1, Math.round((Date.parse(actsBy) - Date.parse(event.at)) / 1_000));
          note((current) => ({ ...current, turnSeconds: seconds }));
          const who = seatWords(seat, hand, handsOf(seat));
          const mine = next.seats.some(
            (taken) => taken.seat === seat && taken.playerId === account?.id,
          );
          announce(mine ? t("announce.yourTurn", { who }) : t("announce.turn", { who }));
          if (mine && event.roundId !== null) aheadTurn.current?.(event.roundId, event.payload);
          break;
        }
        case "action.taken": {
          const { seat, hand, action, timedOut } = event.payload;
          const who = seatWords(seat, hand, handsOf(seat));
          announce(
            timedOut
              ? t("announce.timedOut", { who })
              : t("announce.acted", { who, action: t(`action.${action as Action}`) }),
          );
          break;
        }
        case "hand.settled": {
          const { seat, hand, reason, amount } = event.payload;
          const key = REASON_KEYS[reason];
          if (key === undefined) break;
          const words = t(`reason.${key}`);
          note((current) => {
            const reasons = new Map(current.reasons);
            const id = `${seat}.${hand}`;
            reasons.set(id, [...(reasons.get(id) ?? []), reason]);
            const callouts = CALLOUTS.has(reason)
              ? [
                  {
                    key: (current.callouts[0]?.key ?? 0) + 1,
                    text: t("callout", {
                      who: seatWords(seat, hand, handsOf(seat)),
                      what: words,
                      amount: labels.points(amount),
                    }),
                  },
                  ...current.callouts,
                ].slice(0, CALLOUTS_SHOWN)
              : current.callouts;
            return { ...current, reasons, callouts };
          });
          break;
        }
        case "round.result": {
          const dealer = outcomeOf(event.payload.outcome)?.dealer.result;
          announce(t("announce.result", { dealer: dealerText(dealer) }));
          break;
        }
        case "round.settled":
        case "round.cancelled":
          {
            const own = ownReturnsOf(event);
            if (own === null) break;
            const refunded = event.type === "round.cancelled";
            const behind = behindResults(own.bets, refunded);
            if (behind.size > 0) {
              note((current) => ({ ...current, behind: new Map([...current.behind, ...behind]) }));
            }
            if (!refunded) announce(t("announce.own", { amount: labels.points(own.returned) }));
          }
          break;
        default:
          break;
      }
    },
    [announce, t, labels, seatWords, dealerText, account?.id],
  );

  const { state, connection } = useTableState(detail, {
    onEvent,
    reduce: applyJokerBlackjackEvent,
  });
  const round = state.round;
  const roundId = round?.id ?? null;
  const shownNotes = notes.roundId === roundId ? notes : freshNotes(roundId);
  // The table's status may change without an event (an operator's pause between rounds): the
  // round's own phase decides, and the bet desk refuses what a closed table cannot take.
  const betting = round?.phase === "betting";
  const dealing = round?.phase === "dealing";
  const roundOver = round?.phase === "settled" || round?.outcome != null;

  const betName = useCallback(
    (bet: SlipBet) =>
      bet.bet === BEHIND
        ? tb("seatLabel", { seat: bet.seat ?? 0 })
        : t("seat", { seat: bet.seat ?? 0 }),
    [t, tb],
  );
  const offered = useCallback(
    (bet: SlipBet) => round?.betsOffered.includes(bet.bet) ?? false,
    [round],
  );
  const slip = useBetSlip({ roundId, betName, offered });
  const chips = chipValues(state.table.limits);
  const [chip, setChip] = useState(chips[0]!);

  const mySeats = state.seats
    .filter((taken) => account !== null && taken.playerId === account.id)
    .map((taken) => taken.seat);
  // The dealer plays only against seats that bet (docs/rules/live-tables.md, Round phases): a
  // window that ends with no stake starts again, and the page says why nothing is dealt. The
  // table's state knows (`waitingForBet`: from `tables.get`, `round.opened` and `bets.totals`).
  // Bets behind a seat are no bet on it: the round still waits for a seat's own.
  const waitingForBet =
    betting && slip.placed.every((bet) => bet.bet === BEHIND) && round.waitingForBet;
  // Bet Behind (docs/rules/joker-blackjack.md): a signed-in player who sits nowhere may back any
  // taken seat's hand while betting is open.
  const backer = account !== null && mySeats.length === 0;
  const stakeOn = (seat: number, behind: boolean) =>
    slip.placed
      .filter((bet) => bet.seat === seat && (bet.bet === BEHIND) === behind)
      .reduce((sum, bet) => sum + bet.amount, 0);
  const pending = round?.phase === "dealing" ? (round.pending ?? null) : null;
  const myTurn = pending !== null && mySeats.includes(pending.seat);
  const lastSeat = lastSeatOf(state);

  const refused = (status: number, apiError: ApiError | undefined) => {
    const kind = status === 0 ? "other" : kindOfRefusal(apiError, status);
    setError({
      kind,
      message: t(`errors.${kind === "funds" || kind === "signIn" ? kind : refusalWords(apiError)}`),
    });
  };

  const seatChange = async (procedure: "seats.sit" | "seats.leave", seat: number) => {
    setBusy(true);
    const input = { tableId: state.table.id, seat };
    const answer =
      procedure === "seats.sit"
        ? await answered(relayApi.seats.sit.mutate(input))
        : await answered(relayApi.seats.leave.mutate(input));
    setBusy(false);
    if (!answer.ok) refused(answer.status, answer.error);
    else {
      setError(null);
      announce(t(procedure === "seats.sit" ? "announce.sat" : "announce.left", { seat }));
    }
  };

  const actOn = async (round: string, seat: number, action: Action) => {
    setBusy(true);
    const since = balanceMark();
    const answer = await answered(
      relayApi.actions.act.mutate({ roundId: round, seat, action, requestId: crypto.randomUUID() }),
    );
    setBusy(false);
    if (!answer.ok) refused(answer.status, answer.error);
    else {
      setError(null);
      setBalance(answer.data.balance, since);
    }
  };
  const act = async (action: Action) => {
    if (pending === null || roundId === null || busy) return;
    await actOn(roundId, pending.seat, action);
  };

  const ahead = useChooseAhead({
    roundId,
    seats: dealing ? round.seats : [],
    mySeats,
    myTurn,
    actOn,
  });
  useEffect(() => {
    aheadTurn.current = ahead.onTurn;
  });

  const dealer = dealerCards(round);
  const holeDown = dealing && dealer.length === 1 && (shownNotes.holeDown || pending !== null);
  const dealerResult = outcomeOf(round?.outcome)?.dealer.result;
  const pendingHands =
    pending === null
      ? 1
      : (round?.seats.find((entry) => entry.seat === pending.seat)?.hands.length ?? 1);

  return (
    <main
      className={styles.main}
      data-testid="joker-blackjack-table"
      data-phase={round?.phase ?? ""}
      data-round-id={roundId ?? ""}
      data-my-seats={mySeats.join(",")}
      data-waiting={waitingForBet}
    >
      <TableHeading
        table={state.table}
        round={round}
        clockNote={
          waitingForBet && (
            <p className={styles.waiting} role="status" data-testid="waiting-for-bet">
              {t("waitingForBet")}
            </p>
          )
        }
      />
      <TableVideo stream={state.table.stream} />

      <TableBanners
        connection={connection}
        status={state.table.status}
        phase={dealing ? null : (round?.phase ?? null)}
        error={error ?? slip.error}
      />

      <section className={styles.dealer} aria-label={t("dealerName")} data-testid="dealer">
        <h2>{t("dealerName")}</h2>
        <div className={styles.cards}>
          {dealer.map((card, k) => (
            <PlayingCard key={k} card={card} position={`dealer-${k + 1}`} />
          ))}
          {holeDown && <PlayingCard card={null} position="dealer-2" />}
          {dealer.length === 0 && <span className={styles.empty} aria-hidden />}
        </div>
        <p className={styles.handLine} data-testid="dealer-total">
          {round?.totals.dealer !== undefined && (
            <span className={styles.total}>{round.totals.dealer}</span>
          )}
          {/* A total the dealer stood on is the total already shown; the words are for the rest. */}
          {dealerResult != null && typeof dealerResult !== "number" && (
            <span className={styles.result} data-testid="dealer-result">
              {dealerText(dealerResult)}
            </span>
          )}
        </p>
      </section>

      <ol className={styles.callouts} aria-live="polite" data-testid="callouts">
        {shownNotes.callouts.map((callout) => (
          <li key={callout.key} data-testid="callout">
            {callout.text}
          </li>
        ))}
      </ol>

      {pending !== null && (
        <section
          className={styles.turn}
          aria-label={t("turnLabel")}
          data-testid="turn"
          data-seat={pending.seat}
          data-hand={pending.hand + 1}
          data-acts-by={pending.actsBy ?? ""}
          data-mine={myTurn}
        >
          <p className={styles.turnLine}>
            {myTurn
              ? t("yourTurn", { who: seatWords(pending.seat, pending.hand, pendingHands) })
              : t("turn", { who: seatWords(pending.seat, pending.hand, pendingHands) })}
            {pending.kind === "insurance" && <> · {t("insuranceRound")}</>}
          </p>
          {pending.actsBy !== null && (
            <Countdown
              key={`${pending.seat}.${pending.hand}.${pending.actsBy}`}
              closesAt={pending.actsBy}
              windowSeconds={shownNotes.turnSeconds ?? DEFAULT_ACTION_SECONDS}
              label={(seconds) => t("actsIn", { seconds })}
            />
          )}
          {myTurn && ahead.again !== null && (
            <p className={styles.muted} role="status" data-testid="ahead-again">
              {t("ahead.again", { action: t(`action.${ahead.again}`) })}
            </p>
          )}
          {myTurn && <ActionBar legal={pending.actions} busy={busy} onAct={(a) => void act(a)} />}
          {myTurn && <p className={styles.muted}>{t("keysHint")}</p>}
        </section>
      )}

      {ahead.seat !== undefined && (
        <ChooseAhead seat={ahead.seat} chosen={ahead.chosen} onChoose={ahead.choose} />
      )}

      <ol className={styles.seats} aria-label={t("seats")}>
        {SEATS.map((seat) => {
          const taken = state.seats.find((entry) => entry.seat === seat);
          const reasons = new Map<number, string[]>();
          for (const [id, said] of shownNotes.reasons) {
            const [s, h] = id.split(".").map(Number);
            if (s === seat) reasons.set(h!, said);
          }
          return (
            <li key={seat} className={styles.seatPlace}>
              <Seat
                seat={seat}
                taken={taken}
                mine={mySeats.includes(seat)}
                inRound={round?.seats.find((entry) => entry.seat === seat)}
                last={lastSeat === seat}
                turn={pending?.seat === seat ? pending : null}
                staked={stakeOn(seat, false)}
                reasons={reasons}
                roundOver={roundOver}
                canSit={account !== null && state.table.status !== "closed"}
                canBet={betting && !slip.busy}
                busy={busy}
                onSit={() => void seatChange("seats.sit", seat)}
                onLeave={() => void seatChange("seats.leave", seat)}
                onBet={() => {
                  setError(null);
                  void slip.place([{ bet: "main", seat, amount: chip }]);
                }}
              >
                {backer && taken !== undefined && (
                  <BetBehind
                    seat={seat}
                    chip={chip}
                    staked={stakeOn(seat, true)}
                    result={shownNotes.behind.get(seat)}
                    canBet={betting && !slip.busy}
                    onBet={() => {
                      setError(null);
                      void slip.place([{ bet: BEHIND, seat, amount: chip }]);
                    }}
                  />
                )}
              </Seat>
            </li>
          );
        })}
      </ol>

      <section className={styles.controls} aria-label={t("betting")}>
        {mySeats.length === 0 && !(backer && state.seats.length > 0) ? (
          <p className={styles.muted}>
            {loaded && account === null ? t("signInToSit") : t("sitHint")}
          </p>
        ) : (
          <>
            {mySeats.length === 0 && <p className={styles.muted}>{t("sitHint")}</p>}
            <ChipTray values={chips} selected={chip} onSelect={setChip} />
            <div className={styles.actions}>
              <button
                type="button"
                disabled={!betting || slip.placed.length === 0 || slip.busy}
                data-testid="undo"
                onClick={() => void slip.undo()}
              >
                {t("undo")}
              </button>
            </div>
            <p className={styles.muted}>{backer ? tb("hint") : t("stakeHint")}</p>
          </>
        )}
      </section>
      <Announcer message={message} />
    </main>
  );
}
