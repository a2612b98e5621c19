"use client";

import { useEffect, useState } from "react";

import type { RouterOutputs } from "@fuda/api";
import { formatPoints, isoToUtcField, utcFieldToIso } from "@fuda/ui";

import styles from "~/components/ops-page.module.css";
import type { ReturnsPoint } from "~/components/returns-chart";
import { ReturnsChart } from "~/components/returns-chart";
import { answered, problemOf, relayApi } from "~/procedures";

type Summary = RouterOutputs["admin"]["returns"]["summary"];
type Tables = RouterOutputs["tables"]["list"];

const DAY = 24 * 60 * 60 * 1000;
const PERIODS = [
  { label: "Last 24 hours", ms: DAY },
  { label: "Last 7 days", ms: 7 * DAY },
  { label: "Last 30 days", ms: 30 * DAY },
] as const;

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? "—" : `${(value * 100).toFixed(2)} %`;

/** The last `ms` up to a minute from now (so a round settling now is inside). */
function periodUntilNow(ms: number) {
  const end = Date.now() + 60_000;
  return { start: isoToUtcField(new Date(end - ms)), end: isoToUtcField(new Date(end)) };
}

export default function ReturnsPage() {
  const [tables, setTables] = useState<Tables>([]);
  const [table, setTable] = useState("");
  const [from, setFrom] = useState(() => isoToUtcField(new Date(Date.now() - DAY)));
  const [to, setTo] = useState(() => isoToUtcField(new Date(Date.now() + 60_000)));
  const [summary, setSummary] = useState<Summary | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    void answered(relayApi.tables.list.query()).then((answer) => {
      if (!answer.ok) {
        setProblem(problemOf(answer));
        return;
      }
      setTables(answer.data);
      setTable((current) => current || (answer.data[0]?.slug ?? ""));
    });
  }, []);

  async function load(event?: { preventDefault(): void }) {
    event?.preventDefault();
    setLoading(true);
    const answer = await answered(
      relayApi.admin.returns.summary.query({
        table,
        // An empty field is sent as such: the API's refusal names it.
        from: utcFieldToIso(from) ?? "",
        to: utcFieldToIso(to) ?? "",
      }),
    );
    setLoading(false);
    if (!answer.ok) {
      setSummary(null);
      setProblem(problemOf(answer));
      return;
    }
    setProblem(null);
    setSummary(answer.data);
  }

  const choosePeriod = (ms: number) => {
    const { start, end } = periodUntilNow(ms);
    setFrom(start);
    setTo(end);
  };

  const points: ReturnsPoint[] = (summary?.bets ?? []).map((row) => ({
    bet: row.bet,
    actual: row.actual * 100,
    theoretical: row.theoretical === null ? null : row.theoretical * 100,
    band: row.band === null ? null : [row.band.low * 100, row.band.high * 100],
    outside: row.outside,
  }));
  const flagged = summary?.bets.filter((row) => row.outside).length ?? 0;

  return (
    <main className={styles.main}>
      <div className={styles.heading}>
        <h1>Returns</h1>
        <p className={styles.lead}>
          What each bet paid over a period against what the maths says, with a 95 % band.
        </p>
      </div>
      <form className={styles.form} onSubmit={(event) => void load(event)}>
        <label className={styles.field}>
          Table
          <select
            name="table"
            value={table}
            onChange={(event) => {
              setTable(event.target.value);
            }}
            data-testid="returns-table"
          >
            {tables.map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.name} ({option.slug})
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          From (UTC)
          <input
            type="datetime-local"
            name="from"
            value={from}
            onChange={(event) => {
              setFrom(event.target.value);
            }}
          />
        </label>
        <label className={styles.field}>
          To (UTC)
          <input
            type="datetime-local"
            name="to"
            value={to}
            onChange={(event) => {
              setTo(event.target.value);
            }}
          />
        </label>
        {PERIODS.map((period) => (
          <button
            key={period.label}
            type="button"
            className={styles.quiet}
            onClick={() => {
              choosePeriod(period.ms);
            }}
          >
            {period.label}
          </button>
        ))}
        <button type="submit" className={styles.button} disabled={loading || table === ""}>
          {loading ? "Loading…" : "Show returns"}
        </button>
      </form>
      {problem !== null && (
        <p className={styles.problem} role="alert" data-testid="problem">
          {problem}
        </p>
      )}
      {summary !== null && (
        <>
          <p className={styles.note}>
            {summary.table.name}, rounds settled from {summary.from} to {summary.to} (UTC). Theory:{" "}
            {summary.theorySource}.{" "}
            {flagged > 0 ? (
              <strong className={styles.flag} data-testid="flagged-count">
                {flagged} bet {flagged === 1 ? "id is" : "ids are"} outside the band.
              </strong>
            ) : (
              <span className={styles.ok}>Every bet id is inside its band.</span>
            )}
          </p>
          {summary.bets.length === 0 ? (
            <p className={styles.note}>No settled bets at this table in this period.</p>
          ) : (
            <>
              <div className={styles.scroller}>
                <table className={styles.table} data-testid="returns">
                  <thead>
                    <tr>
                      <th scope="col">Bet id</th>
                      <th scope="col" className={styles.number}>
                        Rounds
                      </th>
                      <th scope="col" className={styles.number}>
                        Bets
                      </th>
                      <th scope="col" className={styles.number}>
                        Stakes (points)
                      </th>
                      <th scope="col" className={styles.number}>
                        Returned (points)
                      </th>
                      <th scope="col" className={styles.number}>
                        Actual
                      </th>
                      <th scope="col" className={styles.number}>
                        Theoretical
                      </th>
                      <th scope="col" className={styles.number}>
                        SD per unit
                      </th>
                      <th scope="col" className={styles.number}>
                        95 % band
                      </th>
                      <th scope="col">Flag</th>
                    </tr>
                  </thead>
                  <tbody>
                    {summary.bets.map((row) => (
                      <tr
                        key={row.bet}
                        data-testid="returns-row"
                        data-bet={row.bet}
                        data-outside={row.outside}
                        className={row.outside ? styles.flagged : undefined}
                      >
                        <td>
                          <code>{row.bet}</code>
                        </td>
                        <td className={styles.number}>{row.rounds}</td>
                        <td className={styles.number}>{row.bets}</td>
                        <td className={styles.number}>{formatPoints(row.stakes)}</td>
                        <td className={styles.number}>{formatPoints(row.returned)}</td>
                        <td className={styles.number} data-testid="actual">
                          {percent(row.actual)}
                        </td>
                        <td className={styles.number}>{percent(row.theoretical)}</td>
                        <td className={styles.number}>{row.sd?.toFixed(4) ?? "—"}</td>
                        <td className={styles.number}>
                          {row.band === null
                            ? "—"
                            : `${percent(row.band.low)} – ${percent(row.band.high)}`}
                        </td>
                        <td>
                          {row.outside ? (
                            <span className={styles.flag}>Outside</span>
                          ) : row.band === null ? (
                            "—"
                          ) : (
                            <span className={styles.ok}>Inside</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className={styles.panel}>
                <ReturnsChart points={points} />
              </div>
            </>
          )}
          <p className={styles.note}>
            Actual = returned ÷ staked over the settled bets of settled rounds (refunded bets are
            not counted; Pok Deng&apos;s deposit is not a return). Band = theoretical ± 1.96 · sd ·
            √(Σ stake²) ÷ Σ stake, which is ± 1.96 · sd ÷ √bets when every stake is equal.
          </p>
        </>
      )}
    </main>
  );
}
