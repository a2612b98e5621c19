"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { SubmitEvent } from "react";
import { useCallback, useEffect, useId, useRef, useState } from "react";

import type { ShoeDetail, ShoeSummary } from "@fuda/api";
import { formatCard, isCard, suitOf } from "@fuda/shoe";

import type {
  RecordCheck,
  Reveal,
  RevealCheck,
  RevealProblem,
  RoundCheck,
  RoundProblem,
} from "~/fairness";
import { checkRecordedOrder, checkRounds, decodeReveal, verifyReveal } from "~/fairness";
import { answered, relayApi } from "~/relay-api";

import styles from "./fairness.module.css";

export interface TableChoice {
  slug: string;
  name: string;
}

type Loaded<T> =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "failed"; notFound: boolean }
  | { state: "ready"; value: T };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Hearts and diamonds in red, as on the tables. */
const isRed = (card: number) => suitOf(card) === 1 || suitOf(card) === 2;

function CardChip({ card, index }: { card: number; index?: number }) {
  const t = useTranslations("fairness");
  // A studio shoe's card never entered (a skipped burn): a place, no face.
  if (!isCard(card)) {
    return (
      <span className={styles.faceDown} title={index === undefined ? undefined : `#${index}`}>
        {t("reveal.unknown")}
      </span>
    );
  }
  return (
    <span
      className={styles.card}
      data-red={isRed(card) || undefined}
      translate="no"
      title={index === undefined ? undefined : `#${index}`}
    >
      {formatCard(card)}
    </span>
  );
}

/**
 * The fairness page's checker: pick a table's shoe (or paste its id), then the commitment is
 * recomputed here from the reveal and every round checked against the revealed order. The reveal
 * can be edited to see a changed card fail.
 */
export function ShoeCheck({
  tables,
  initialTable,
  initialShoe,
}: {
  tables: TableChoice[];
  initialTable: string;
  initialShoe: string | null;
}) {
  const t = useTranslations("fairness");
  const [table, setTable] = useState(initialTable);
  const [shoes, setShoes] = useState<Loaded<ShoeSummary[]>>(
    initialTable === "" ? { state: "idle" } : { state: "loading" },
  );
  const [shoeId, setShoeId] = useState(initialShoe);
  const [pasted, setPasted] = useState(initialShoe ?? "");
  const [pasteError, setPasteError] = useState(false);
  const [detail, setDetail] = useState<Loaded<ShoeDetail>>(
    initialShoe === null ? { state: "idle" } : { state: "loading" },
  );
  const ids = { table: useId(), paste: useId(), pasteError: useId() };
  // Only the latest request's answer is shown: an older one may arrive after it.
  const latest = useRef({ shoes: 0, detail: 0 });

  const fetchShoes = useCallback((slug: string) => {
    const request = ++latest.current.shoes;
    void answered(relayApi.shoes.list.query({ table: slug })).then((page) => {
      if (request !== latest.current.shoes) return;
      setShoes(
        page.ok ? { state: "ready", value: page.data.shoes } : { state: "failed", notFound: false },
      );
    });
  }, []);

  const fetchDetail = useCallback((id: string) => {
    const request = ++latest.current.detail;
    void answered(relayApi.shoes.get.query({ shoeId: id })).then((shoe) => {
      if (request !== latest.current.detail) return;
      setDetail(
        shoe.ok
          ? { state: "ready", value: shoe.data }
          : { state: "failed", notFound: shoe.error?.data?.code === "NOT_FOUND" },
      );
    });
  }, []);

  // What the address asked for (`?table=`, `?shoe=`) is read once, after the first paint.
  useEffect(() => {
    if (initialTable !== "") fetchShoes(initialTable);
    if (initialShoe !== null) fetchDetail(initialShoe);
  }, [initialTable, initialShoe, fetchShoes, fetchDetail]);

  function chooseTable(slug: string): void {
    setTable(slug);
    if (slug === "") return;
    setShoes({ state: "loading" });
    fetchShoes(slug);
  }

  function chooseShoe(id: string): void {
    setShoeId(id);
    setDetail({ state: "loading" });
    // The address names the shoe checked, so the page can be shared.
    window.history.replaceState(null, "", `/fairness?shoe=${id}`);
    fetchDetail(id);
  }

  function checkPasted(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    const id = pasted.trim();
    setPasteError(!UUID.test(id));
    if (UUID.test(id)) chooseShoe(id.toLowerCase());
  }

  return (
    <>
      <section className={styles.panel} aria-labelledby={`${ids.table}-heading`}>
        <h2 id={`${ids.table}-heading`}>{t("pick.heading")}</h2>
        <div className={styles.pickers}>
          <div className={styles.field}>
            <label htmlFor={ids.table}>{t("pick.table")}</label>
            <select
              id={ids.table}
              value={table}
              onChange={(event) => {
                chooseTable(event.target.value);
              }}
              data-testid="fairness-table"
            >
              <option value="">{t("pick.chooseTable")}</option>
              {tables.map((choice) => (
                <option key={choice.slug} value={choice.slug} translate="no">
                  {choice.name}
                </option>
              ))}
            </select>
          </div>
          <form className={styles.field} onSubmit={checkPasted}>
            <label htmlFor={ids.paste}>{t("paste.label")}</label>
            <div className={styles.row}>
              <input
                id={ids.paste}
                value={pasted}
                onChange={(event) => {
                  setPasted(event.target.value);
                }}
                spellCheck={false}
                autoComplete="off"
                placeholder="00000000-0000-0000-0000-000000000000"
                aria-invalid={pasteError || undefined}
                aria-describedby={pasteError ? ids.pasteError : undefined}
                data-testid="fairness-paste"
              />
              <button type="submit" data-testid="fairness-paste-check">
                {t("paste.submit")}
              </button>
            </div>
            {pasteError && (
              <p id={ids.pasteError} className={styles.error} role="alert">
                {t("paste.invalid")}
              </p>
            )}
          </form>
        </div>
        {table !== "" && <ShoeList shoes={shoes} chosen={shoeId} choose={chooseShoe} />}
      </section>
      {detail.state === "loading" && <p className={styles.note}>{t("loading")}</p>}
      {detail.state === "failed" && (
        <p className={styles.error} role="alert" data-testid="fairness-error">
          {detail.notFound ? t("shoe.notFound") : t("shoe.failed")}
        </p>
      )}
      {detail.state === "ready" && <ShoeReport key={detail.value.id} shoe={detail.value} />}
    </>
  );
}

function ShoeList({
  shoes,
  chosen,
  choose,
}: {
  shoes: Loaded<ShoeSummary[]>;
  chosen: string | null;
  choose: (id: string) => void;
}) {
  const t = useTranslations("fairness");
  const format = useFormatter();
  if (shoes.state === "loading" || shoes.state === "idle") {
    return <p className={styles.note}>{t("loading")}</p>;
  }
  if (shoes.state === "failed") return <p className={styles.error}>{t("pick.failed")}</p>;
  if (shoes.value.length === 0) return <p className={styles.note}>{t("pick.none")}</p>;
  return (
    <ul className={styles.shoes} aria-label={t("pick.shoes")} data-testid="fairness-shoes">
      {shoes.value.map((shoe) => {
        const inPlay = shoe.endedAt === null;
        return (
          <li key={shoe.id}>
            <button
              type="button"
              className={styles.shoe}
              aria-pressed={shoe.id === chosen}
              onClick={() => {
                choose(shoe.id);
              }}
              data-testid="fairness-shoe"
              data-shoe={shoe.id}
              data-ended={!inPlay}
            >
              <span>
                {format.dateTime(new Date(shoe.startedAt), {
                  dateStyle: "medium",
                  timeStyle: "short",
                })}
              </span>
              <span className={styles.muted}>
                {t("pick.rounds", { count: shoe.roundsDealt })} ·{" "}
                {inPlay ? t("pick.inPlay") : t("pick.ended")}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

interface Outcome {
  reveal: RevealCheck | RecordCheck;
  /** A studio shoe: its recorded order, no commitment checked. */
  studio: boolean;
  rounds: RoundCheck[] | null;
}

/**
 * Verifies `reveal` against the shoe: the commitment, then the rounds against the order. A studio
 * shoe has no commitment: its recorded order is read as it is and the rounds checked against it.
 */
async function verify(shoe: ShoeDetail, reveal: Reveal): Promise<Outcome> {
  if (shoe.dealing === "studio") {
    const record = checkRecordedOrder(reveal.cards);
    return {
      reveal: record,
      studio: true,
      rounds: record.ok ? checkRounds(shoe, record.order) : null,
    };
  }
  const check = await verifyReveal(shoe.commitment, reveal);
  // A reveal that is bytes of cards is checked round by round even when its hash differs: the
  // rounds then show which cards were changed.
  const decoded = decodeReveal(reveal);
  return {
    reveal: check,
    studio: false,
    rounds: "code" in decoded ? null : checkRounds(shoe, decoded.order),
  };
}

function ShoeReport({ shoe }: { shoe: ShoeDetail }) {
  const t = useTranslations("fairness");
  const format = useFormatter();
  const [draft, setDraft] = useState<Reveal | null>(shoe.reveal);
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const ids = { salt: useId(), cards: useId(), hint: useId() };
  const when = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "medium" });

  const run = useCallback(
    (reveal: Reveal) => {
      setOutcome(null);
      void verify(shoe, reveal).then(setOutcome);
    },
    [shoe],
  );

  useEffect(() => {
    if (shoe.reveal !== null) void verify(shoe, shoe.reveal).then(setOutcome);
  }, [shoe]);

  const edited =
    draft !== null &&
    shoe.reveal !== null &&
    (draft.salt !== shoe.reveal.salt || draft.cards !== shoe.reveal.cards);
  const roundsPassed = outcome?.rounds?.filter((check) => check.ok).length ?? 0;
  const order = outcome?.reveal.ok
    ? outcome.reveal.order
    : decodedOrder(draft, shoe.dealing === "studio");

  return (
    <article
      className={styles.report}
      data-testid="fairness-report"
      data-shoe={shoe.id}
      data-verdict={
        outcome === null ? "" : !outcome.reveal.ok ? "fail" : outcome.studio ? "studio" : "pass"
      }
      data-dealing={shoe.dealing}
    >
      <h2>{t("shoe.heading")}</h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t("shoe.table")}</dt>
          <dd translate="no">{shoe.table.name}</dd>
        </div>
        <div>
          <dt>{t("shoe.id")}</dt>
          <dd className={styles.mono} translate="no">
            {shoe.id}
          </dd>
        </div>
        <div>
          <dt>{t("shoe.started")}</dt>
          <dd>{when(shoe.startedAt)}</dd>
        </div>
        <div>
          <dt>{t("shoe.ended")}</dt>
          <dd>{shoe.endedAt === null ? t("pick.inPlay") : when(shoe.endedAt)}</dd>
        </div>
        <div>
          <dt>{t("shoe.cards")}</dt>
          <dd>{format.number(shoe.cardCount)}</dd>
        </div>
        <div className={styles.wide}>
          <dt>{t("shoe.commitment")}</dt>
          {shoe.dealing === "studio" ? (
            <dd data-testid="fairness-commitment">{t("shoe.noCommitment")}</dd>
          ) : (
            <dd className={styles.mono} translate="no" data-testid="fairness-commitment">
              {shoe.commitment}
            </dd>
          )}
        </div>
      </dl>

      {shoe.reveal === null || draft === null ? (
        <p className={styles.note} data-testid="fairness-not-ended">
          {t("shoe.notEnded")}
        </p>
      ) : (
        <>
          <p
            className={styles.verdict}
            role="status"
            aria-live="polite"
            data-testid="fairness-verdict"
            data-ok={outcome === null ? undefined : outcome.reveal.ok}
          >
            {outcome === null
              ? t("checking")
              : outcome.reveal.ok
                ? outcome.studio
                  ? t("verdict.studio")
                  : t("verdict.ok")
                : revealProblem(t, outcome.reveal.problem)}
            {outcome?.rounds &&
              ` ${t("rounds.summary", { passed: roundsPassed, total: outcome.rounds.length })}`}
          </p>

          <section aria-labelledby={`${ids.cards}-heading`}>
            <h3 id={`${ids.cards}-heading`}>
              {t("reveal.heading")}{" "}
              {edited && <span className={styles.badge}>{t("reveal.edited")}</span>}
            </h3>
            {order && (
              <ol
                className={styles.order}
                aria-label={t("reveal.order")}
                data-testid="fairness-order"
              >
                {[...order].map((card, index) => (
                  <li key={index}>
                    <CardChip card={card} index={index} />
                  </li>
                ))}
              </ol>
            )}
            <div className={styles.row}>
              <button
                type="button"
                aria-expanded={editing}
                onClick={() => {
                  setEditing(!editing);
                }}
                data-testid="fairness-edit"
              >
                {t("reveal.edit")}
              </button>
              {edited && (
                <button
                  type="button"
                  onClick={() => {
                    setDraft(shoe.reveal);
                    run(shoe.reveal!);
                  }}
                  data-testid="fairness-restore"
                >
                  {t("reveal.restore")}
                </button>
              )}
            </div>
            {editing && (
              <form
                className={styles.editor}
                onSubmit={(event) => {
                  event.preventDefault();
                  run(draft);
                }}
              >
                <p id={ids.hint} className={styles.note}>
                  {t("reveal.editHint")}
                </p>
                <label htmlFor={ids.salt}>{t("reveal.salt")}</label>
                <input
                  id={ids.salt}
                  className={styles.mono}
                  value={draft.salt}
                  spellCheck={false}
                  onChange={(event) => {
                    setDraft({ ...draft, salt: event.target.value });
                  }}
                  data-testid="fairness-salt"
                />
                <label htmlFor={ids.cards}>{t("reveal.cards")}</label>
                <textarea
                  id={ids.cards}
                  className={styles.mono}
                  value={draft.cards}
                  rows={6}
                  spellCheck={false}
                  aria-describedby={ids.hint}
                  onChange={(event) => {
                    setDraft({ ...draft, cards: event.target.value });
                  }}
                  data-testid="fairness-cards"
                />
                <button type="submit" data-testid="fairness-recheck">
                  {t("reveal.check")}
                </button>
              </form>
            )}
          </section>

          {outcome?.rounds && <RoundChecks shoe={shoe} checks={outcome.rounds} />}
        </>
      )}
    </article>
  );
}

function decodedOrder(reveal: Reveal | null, studio = false): Uint8Array | null {
  if (reveal === null) return null;
  if (studio) {
    const record = checkRecordedOrder(reveal.cards);
    return record.ok ? record.order : null;
  }
  const decoded = decodeReveal(reveal);
  return "code" in decoded ? null : decoded.order;
}

type T = ReturnType<typeof useTranslations<"fairness">>;

function revealProblem(t: T, problem: RevealProblem): string {
  switch (problem.code) {
    case "saltHex":
      return t("problem.saltHex");
    case "saltLength":
      return t("problem.saltLength", { bytes: problem.bytes });
    case "cardsHex":
      return t("problem.cardsHex");
    case "notACard":
      return t("problem.notACard", { index: problem.index, byte: problem.byte });
    case "mismatch":
      return t("problem.mismatch", { digest: problem.digest });
  }
}

function roundProblem(t: T, problem: RoundProblem): string {
  switch (problem.code) {
    case "startsElsewhere":
      return t("rounds.problem.startsElsewhere", problem);
    case "pastTheEnd":
      return t("rounds.problem.pastTheEnd", problem);
    case "cardDiffers":
      return t("rounds.problem.cardDiffers", {
        at: problem.at,
        shown: formatCard(problem.shown),
        revealed: formatCard(problem.revealed),
      });
    case "burnDiffers":
      return t("rounds.problem.burnDiffers", {
        shown: formatCard(problem.shown),
        revealed: formatCard(problem.revealed),
      });
    case "burnCount":
      return t("rounds.problem.burnCount", problem);
  }
}

function RoundChecks({ shoe, checks }: { shoe: ShoeDetail; checks: RoundCheck[] }) {
  const t = useTranslations("fairness");
  const rounds = new Map(shoe.rounds.map((round) => [round.number, round]));
  return (
    <section>
      <h3>{t("rounds.heading")}</h3>
      <p className={styles.note}>{t("rounds.note")}</p>
      <ol className={styles.checks} data-testid="fairness-rounds">
        {checks.map((check) => {
          const round = rounds.get(check.round);
          const start = round?.start ?? 0;
          return (
            <li
              key={check.round}
              className={styles.check}
              data-testid="fairness-round"
              data-round={check.round}
              data-ok={check.ok}
            >
              <div className={styles.checkHead}>
                <span className={styles.checkName}>
                  {check.round === 0
                    ? t("rounds.burn")
                    : t("rounds.round", { number: check.round })}
                </span>
                <span className={styles.muted}>
                  {t("rounds.positions", { from: start, to: start + check.taken - 1 })}
                </span>
                <span className={styles.result} data-ok={check.ok}>
                  {check.ok ? t("rounds.pass") : t("rounds.fail")}
                </span>
              </div>
              {round ? (
                <ul className={styles.taken} aria-label={t("rounds.cards")}>
                  {round.cards.map((taken) => (
                    <li key={taken.at}>
                      {taken.kind === "shown" && taken.card !== null ? (
                        <CardChip card={taken.card} index={taken.at} />
                      ) : (
                        <span className={styles.faceDown}>{t(`rounds.kind.${taken.kind}`)}</span>
                      )}
                    </li>
                  ))}
                </ul>
              ) : (
                shoe.firstBurn && (
                  <p className={styles.muted}>
                    {t("rounds.burnDetail", {
                      card: formatCard(shoe.firstBurn.shownCard),
                      count: shoe.firstBurn.burnCount,
                    })}
                  </p>
                )
              )}
              {check.problem && (
                <p className={styles.error} data-testid="fairness-round-problem">
                  {roundProblem(t, check.problem)}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
