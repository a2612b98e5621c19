"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";

import { ownReturnsOf } from "@fuda/contracts";
import { pokDeng } from "@fuda/rules";

import { useAccount } from "~/components/account-context";
import type { SlipBet } from "~/components/table";
import {
  Announcer,
  ChipTray,
  chipValues,
  TableBanners,
  TableHeading,
  useAnnouncer,
  useBetSlip,
  useTableState,
} from "~/components/table";
import { TableVideo } from "~/components/video/table-video";
import type { TableDetail } from "~/game-api";
import { useLabels } from "~/i18n/use-labels";
import type { TableEvent } from "~/table-stream";

import { Hand } from "./hand";
import { cardsOf, useHandWords, useResultWords } from "./hand-words";
import styles from "./pok-deng.module.css";
import { ownResults, reservation, seatOutcomes, spotKey, stakesBySpot } from "./round-view";
import type { BetId, OwnSeatResult } from "./round-view";
import { Seat } from "./seat";
import { seatMarks } from "./seat-road";

/**
 * A Pok Deng table (docs/rules/pok-deng.md): five Player seats against one Banker hand, each seat
 * with its Player bet (stake plus an equal deposit reserved) and its Pair bet. Chips go on the
 * spots as a draft; its reservation, deposit included, shows before it is confirmed. Cards come
 * out in the rule book's order, Player 1 … 5 then the Banker, each hand named as it completes.
 */
export function PokDengTable({ detail }: { detail: TableDetail }) {
  const t = useTranslations("pokDeng");
  const labels = useLabels();
  const handWords = useHandWords();
  const resultWords = useResultWords();
  const { account } = useAccount();
  const { message, announce } = useAnnouncer();
  const [own, setOwn] = useState<{ roundId: string; results: Map<string, OwnSeatResult> } | null>(
    null,
  );

  const onEvent = useCallback(
    (event: TableEvent, next: TableDetail) => {
      if (event.type === "round.closed") announce(t("announce.closed"));
      if (event.type === "round.result" && next.round !== null) announce(resultWords(next.round));
      const own = event.type === "round.settled" ? ownReturnsOf(event) : null;
      if (own !== null && event.roundId !== null) {
        const { returned } = own;
        setOwn({ roundId: event.roundId, results: ownResults(event) });
        announce(t("announce.own", { returned: labels.points(returned) }));
      }
    },
    [announce, t, resultWords, labels],
  );
  const { state, connection } = useTableState(detail, { onEvent });
  const round = state.round;
  const betting = round?.phase === "betting" && state.table.status === "open";

  const betName = useCallback(
    (bet: SlipBet) => t(bet.bet === "seatPair" ? "seatPair" : "seat", { seat: bet.seat ?? 0 }),
    [t],
  );
  const offered = useCallback(
    (bet: SlipBet) => round?.betsOffered.includes(bet.bet) ?? false,
    [round],
  );
  const slip = useBetSlip({ roundId: round?.id ?? null, betName, offered });

  const chips = chipValues(state.table.limits);
  const [chip, setChip] = useState(chips[0]!);
  const [draft, setDraft] = useState<{ roundId: string | null; bets: SlipBet[] }>({
    roundId: null,
    bets: [],
  });
  // A draft belongs to its round: a new round starts with none.
  const drafted = draft.roundId === (round?.id ?? null) ? draft.bets : [];
  const addToDraft = (bet: BetId, seat: number) => {
    slip.clearError();
    setDraft({ roundId: round?.id ?? null, bets: [...drafted, { bet, seat, amount: chip }] });
  };
  const confirm = async () => {
    if (await slip.place(drafted)) setDraft({ roundId: null, bets: [] });
  };

  const pending = reservation(drafted);
  const held = reservation(slip.placed);
  const placedBySpot = stakesBySpot(slip.placed);
  const draftBySpot = stakesBySpot(drafted);
  const outcomes = seatOutcomes(round?.outcome ?? null);
  const ownResultsNow = own !== null && own.roundId === round?.id ? own.results : null;
  const cards = round?.cards ?? [];
  // The hand being revealed: the one the last shown card belongs to, while dealing.
  const revealing =
    round?.phase === "dealing" ? cards.at(-1)?.position.replace(/-\d$/, "") : undefined;
  const faceDown = round?.phase === "dealing";
  const [bankerFirst, bankerSecond] = cardsOf(cards, "banker");
  const banker =
    bankerFirst != null && bankerSecond != null ? handWords(bankerFirst, bankerSecond) : null;
  const bankerScore = (round?.outcome as { bankerScore?: number } | null)?.bankerScore;

  return (
    <main
      className={styles.main}
      data-testid="pok-deng-table"
      data-phase={round?.phase ?? ""}
      data-round-id={round?.id ?? ""}
    >
      <TableHeading table={state.table} round={round} />
      <TableVideo stream={state.table.stream} />

      <TableBanners
        connection={connection}
        status={state.table.status}
        phase={round?.phase ?? null}
        error={slip.error}
      />

      <section
        className={styles.banker}
        aria-label={t("banker")}
        data-testid="banker"
        data-revealing={revealing === "banker"}
      >
        <h2>{t("banker")}</h2>
        <Hand cards={cardsOf(cards, "banker")} hand="banker" faceDown={faceDown} />
        {banker && (
          <p className={styles.handLabel} data-testid="hand-label" data-score={bankerScore ?? ""}>
            {banker.name}
            {banker.pattern && <span className={styles.pattern}>{banker.pattern}</span>}
          </p>
        )}
      </section>

      <ol className={styles.seats} aria-label={t("seats")}>
        {pokDeng.SEAT_NUMBERS.map((seat) => (
          <li key={seat}>
            <Seat
              seat={seat}
              cards={cardsOf(cards, `seat-${seat}`)}
              faceDown={faceDown}
              revealing={revealing === `seat-${seat}`}
              outcome={outcomes.get(seat) ?? null}
              stakes={{
                seat: placedBySpot.get(spotKey("seat", seat)) ?? 0,
                seatPair: placedBySpot.get(spotKey("seatPair", seat)) ?? 0,
              }}
              drafted={{
                seat: draftBySpot.get(spotKey("seat", seat)) ?? 0,
                seatPair: draftBySpot.get(spotKey("seatPair", seat)) ?? 0,
              }}
              own={{
                seat: ownResultsNow?.get(spotKey("seat", seat)) ?? null,
                seatPair: ownResultsNow?.get(spotKey("seatPair", seat)) ?? null,
              }}
              canBet={betting && account !== null && !slip.busy}
              onBet={(bet) => {
                addToDraft(bet, seat);
              }}
              marks={seatMarks(state.road, seat)}
            />
          </li>
        ))}
      </ol>

      <section className={styles.controls} aria-label={t("betting")}>
        <ChipTray values={chips} selected={chip} onSelect={setChip} />
        {drafted.length > 0 && (
          <p
            className={styles.reserve}
            data-testid="reserve"
            data-reserved={pending.stakes + pending.deposits}
            data-deposit={pending.deposits}
          >
            {t("reserve", {
              total: labels.points(pending.stakes + pending.deposits),
              stakes: labels.points(pending.stakes),
              deposit: labels.points(pending.deposits),
            })}
          </p>
        )}
        {slip.placed.length > 0 && (
          <p
            className={styles.muted}
            data-testid="held"
            data-reserved={held.stakes + held.deposits}
          >
            {t("held", {
              total: labels.points(held.stakes + held.deposits),
              deposit: labels.points(held.deposits),
            })}
          </p>
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.primary}
            disabled={!betting || drafted.length === 0 || slip.busy}
            data-testid="confirm"
            onClick={() => void confirm()}
          >
            {t("confirm")}
          </button>
          <button
            type="button"
            disabled={drafted.length === 0}
            data-testid="clear"
            onClick={() => {
              setDraft({ roundId: null, bets: [] });
            }}
          >
            {t("clear")}
          </button>
          <button
            type="button"
            disabled={!betting || slip.placed.length === 0 || slip.busy}
            data-testid="undo"
            onClick={() => void slip.undo()}
          >
            {t("undo")}
          </button>
          <button
            type="button"
            disabled={!betting || slip.last.length === 0 || slip.busy}
            data-testid="repeat"
            onClick={() => void slip.repeat()}
          >
            {t("repeat")}
          </button>
          <button
            type="button"
            disabled={!betting || slip.placed.length === 0 || slip.busy}
            data-testid="double"
            onClick={() => void slip.double()}
          >
            {t("double")}
          </button>
        </div>
        <p className={styles.muted}>{t("depositNote")}</p>
      </section>
      <Announcer message={message} />
    </main>
  );
}
