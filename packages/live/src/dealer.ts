/**
 * The dealer loop (docs/live-tables.md, The dealer): for every table this process owns, one step
 * at a time — open a round, wait out the betting window, close it, reveal the cards at the
 * table's pace, settle — with every step read back from and written to PostgreSQL, so another
 * process (or this one after a crash) goes on from exactly where the table stood. It drives any
 * game through its definition and never asks which game it runs.
 */
import type { Db, Game } from "@fuda/db";
import { sqlClient } from "@fuda/db";
import type { TableGameDefinition } from "@fuda/rules";
import type { Rng } from "@fuda/shoe";
import { CryptoRng, shoeJsonOf } from "@fuda/shoe";

import type { ActedRound } from "./acted-here";
import { holdRound, releaseTable } from "./acted-here";
import { bettingStep } from "./betting-step";
import type { Clock } from "./clock";
import type { RawTx, RoundRow, ShoeRow } from "./dealer-rows";
import { FencedError, StaleRoundError, TableNotOpenError } from "./dealer-rows";
import { endShoeEarly, newShoeAsked, startShoe } from "./dealer-shoe";
import { dealStep, openRound } from "./dealer-steps";
import { restartTimer, timeoutStep } from "./decision-steps";
import { definitionOf } from "./games";
import type { LiveLog } from "./log";
import { awaitsCard } from "./studio-memory";
import { liveRoundFromJson } from "./round-json";
import type { RoundWatch } from "./round-watch";
import type { EventHub } from "./services";

export interface DealerTiming {
  /** Pause between two revealed cards, so people can watch (default 1 s; tests: 0). */
  dealDelayMs: number;
  /** Pause after a settled round before the next one opens (default 4 s). */
  resultPauseMs: number;
  /** The betting window of a table; default its `countdownSeconds`. */
  bettingWindowMs: (table: { countdownSeconds: number }) => number;
  /** How often the stakes of a betting round are announced when they change (`bets.totals`). */
  totalsIntervalMs: number;
  /**
   * A betting round found this long after its close (the process was stalled or the database
   * away) is cancelled and refunded rather than dealt: its players could not bet or undo.
   */
  lateCloseGraceMs: number;
}

export const DEFAULT_TIMING: DealerTiming = {
  dealDelayMs: 1_000,
  resultPauseMs: 4_000,
  bettingWindowMs: (table) => table.countdownSeconds * 1_000,
  totalsIntervalMs: 500,
  lateCloseGraceMs: 2_000,
};

export interface TableRunnerOptions {
  db: Db;
  tableId: string;
  timing: DealerTiming;
  /** The randomness of new shoes (a CSPRNG in production). */
  rng: Rng;
  /** When windows close and turns time out, and how long a step waits. */
  clock: Clock;
  log: LiveLog;
  signal: AbortSignal;
  /**
   * The process's event hub: a round waiting for a decision is read again as soon as an event of
   * its table arrives (a player acted, in any process), not only every DECISION_POLL_MS.
   */
  hub?: Pick<EventHub, "listen">;
  /**
   * The dealer's word that the table reads open (its claim pass reads every table each
   * `claimIntervalMs`): a paused or closed table waits for it, or for its own next event
   * (`table.updated`), rather than reading itself every second. Subscribes; answers the unsubscribe.
   */
  opened?: (listener: () => void) => () => void;
}

/**
 * How often a paused or closed table reads itself with `opened` to wake it: a safety net only.
 * Without it, every second.
 */
const NOT_OPEN_POLL_MS = 10_000;
/** How often a round waiting for a player's decision is read again without the hub's word. */
const DECISION_POLL_MS = 100;
/** How often a studio table's dealer looks again while the console has the next move. */
const STUDIO_POLL_MS = 1_000;

/**
 * A step's wait: ms, or ms cut short by the table's next event (and, `untilOpen`, by the dealer's
 * word that the table reads open: `TableRunnerOptions.opened`).
 */
export type Wait = number | { ms: number; untilEvent: true; untilOpen?: true };

export interface TableState {
  table: {
    id: string;
    slug: string;
    game: Game;
    variant: string;
    status: string;
    countdownSeconds: number;
    settings: unknown;
    dealing: "automatic" | "studio";
  };
  definition: TableGameDefinition | null;
  round: RoundRow | null;
  /** When the round entered its phase: opened (betting) or closed (dealing). */
  since: Date | null;
  shoe: ShoeRow | null;
}

interface TableSql {
  id: string;
  slug: string;
  game: Game;
  variant: string;
  status: string;
  countdown_seconds: number;
  settings: unknown;
  dealing: "automatic" | "studio";
  round_id: string | null;
  round_shoe_id: string;
  number: number;
  phase: RoundRow["phase"];
  betting_closes_at: Date;
  round_state: unknown;
  version: number;
  moves: number;
  acts_by: Date | null;
  round_studio: unknown;
  phase_since: Date | null;
  shoe_id: string | null;
  shoe_state: unknown;
  position: number;
  road: unknown[];
}

/**
 * The table, its live round (betting or dealing) if any, and its open shoe if any: one statement,
 * read before every step (the partial unique indexes allow one of each).
 */
export async function readTable(
  db: Pick<RawTx, "$queryRaw">,
  tableId: string,
): Promise<TableState> {
  const [row] = await db.$queryRaw<TableSql[]>`
    SELECT t.id::text, t.slug, t.game::text AS game, t.variant, t.status::text AS status,
           t.countdown_seconds, t.settings, t.dealing::text AS dealing,
           r.id::text AS round_id, r.shoe_id::text AS round_shoe_id, r.number, r.phase::text AS phase,
           r.betting_closes_at, r.state AS round_state, r.version, r.moves, r.acts_by, r.studio AS round_studio,
           CASE r.phase WHEN 'betting' THEN r.opened_at ELSE r.closed_at END AS phase_since,
           s.id::text AS shoe_id, s.state AS shoe_state, s.position, s.road
    FROM tables t
    LEFT JOIN rounds r ON r.table_id = t.id AND r.phase IN ('betting', 'dealing')
    LEFT JOIN shoes s ON s.table_id = t.id AND s.ended_at IS NULL
    WHERE t.id = ${tableId}::uuid`;
  if (row === undefined) throw new Error(`table ${tableId} not found`);
  const table = {
    id: row.id,
    slug: row.slug,
    game: row.game,
    variant: row.variant,
    status: row.status,
    countdownSeconds: row.countdown_seconds,
    settings: row.settings,
    dealing: row.dealing,
  };
  return {
    table,
    definition: definitionOf(table),
    round:
      row.round_id === null
        ? null
        : {
            id: row.round_id,
            shoeId: row.round_shoe_id,
            number: row.number,
            phase: row.phase,
            closesAt: row.betting_closes_at,
            // The envelope only: this runs before every step (round-json.ts).
            state: liveRoundFromJson(row.round_state, `round ${row.round_id}: state`),
            version: row.version,
            moves: row.moves,
            actsBy: row.acts_by,
            studio: row.round_studio,
          },
    since: row.phase_since,
    shoe:
      row.shoe_id === null
        ? null
        : {
            id: row.shoe_id,
            state: shoeJsonOf(row.shoe_state, `shoe ${row.shoe_id}: state`),
            position: row.position,
            road: row.road,
          },
  };
}

/** What a step knows beyond the table's options: the runner's memory and its reports. */
export interface StepRun {
  /**
   * The table as the runner's last step left it, when that step alone moved it (a round opened,
   * closed, or dealt on without settling): the next step starts from it instead of reading the
   * table again. Taken by that step; one that finds the round moved meanwhile (an operator, a
   * player) reads the table and steps again.
   */
  kept: {
    state: TableState | null;
    /**
     * Valid while no event of `MOVED_BY_OTHERS` has come since `others` counted this many (when
     * the step that kept it began); unset for a round an action in this process wrote.
     */
    untilOthers?: number;
  };
  /** The table as the runner's last step started from it (read or kept). */
  seen: { state: TableState | null };
  /**
   * The table's events of `MOVED_BY_OTHERS` the runner has heard of: counted with the process's
   * hub, absent without it.
   */
  others?: { count: number };
  /** The first step after taking the table. */
  recovering: boolean;
  /** The stakes last announced (`bets.totals`), as JSON. */
  announced: { totals: string };
  watch: RoundWatch;
  /** Names what the step did, on its `dealer.step` span. */
  did: (step: string) => void;
}

/**
 * Milliseconds to wait before the next step; one step per call, from the table as the runner's
 * last step left it (`run.kept`) or as read from the database.
 */
export async function step(options: TableRunnerOptions, run: StepRun): Promise<Wait> {
  const { state, untilOthers } = run.kept;
  run.kept.state = null;
  run.kept.untilOthers = undefined;
  const othersAtStart = run.others?.count;
  // A wait's table is stale once anyone else has moved at the table since.
  const kept = untilOthers === undefined || untilOthers === othersAtStart ? state : null;
  // On node-postgres: read before most steps, several times cheaper than through Prisma.
  const read = async () =>
    (run.seen.state = await readTable(sqlClient(options.db), options.tableId));
  if (kept === null) return stepFrom(options, run, await read(), othersAtStart);
  try {
    run.seen.state = kept;
    return await stepFrom(options, run, kept, othersAtStart, true);
  } catch (error) {
    // Moved since the runner's last step (an operator cancelled the round or changed the table,
    // a player acted): the step is taken again from the table as it is.
    const moved =
      error instanceof FencedError ||
      error instanceof StaleRoundError ||
      error instanceof TableNotOpenError;
    if (!moved) throw error;
    run.kept.state = null;
    return stepFrom(options, run, await read(), othersAtStart);
  }
}

/**
 * The events of anyone but the table's dealer moving a round: a player's action, an operator's
 * correction, cancel or void, a studio card withdrawn. A step that waited for a decision keeps
 * its table until one of them comes.
 */
export const MOVED_BY_OTHERS: ReadonlySet<string> = new Set([
  "action.taken",
  "round.corrected",
  "round.cancelled",
  "round.voided",
  "card.withdrawn",
]);

/**
 * The table after a player's action in this process (acted-here.ts), from the table the runner
 * last stepped from: null when that was not the action's round being dealt from the same shoe,
 * or already showed the action.
 */
export function afterAction(seen: TableState | null, acted: ActedRound): TableState | null {
  const { round, shoe } = seen ?? {};
  if (seen == null || round?.id !== acted.roundId || round.phase !== "dealing") return null;
  // Already seen (the runner read the table after the action committed): nothing newer.
  if (acted.moves <= round.moves) return null;
  if (shoe?.id !== acted.shoe.id || shoe.state.studio === true) return null;
  const { state, version, moves, actsBy } = acted;
  // The bets the close read hold over an action taken on this very round that staked nothing
  // more: a double's bet was not among them, nor perhaps one of an action between the two.
  const onThis = acted.moves === round.moves + 1 && !acted.staked;
  const betsAtClose = onThis ? round.betsAtClose : undefined;
  return {
    ...seen,
    since: null,
    round: { ...round, state, version, moves, actsBy, betsAtClose },
    shoe: { ...shoe, state: acted.shoe.state, position: acted.shoe.position },
  };
}

async function stepFrom(
  options: TableRunnerOptions,
  run: StepRun,
  read: TableState,
  othersAtStart: number | undefined,
  /** `read` is the table as the runner's last step left it, not as read now. */
  fromKept = false,
): Promise<Wait> {
  const { db, timing, rng, clock } = options;
  const { recovering, watch, did } = run;
  const { table, definition, round, since, shoe } = read;
  // Not a game this runtime deals (yet): look again later, the table may change.
  if (definition === null) return 5_000;
  watch.seen(table, round, since);
  if (round !== null && shoe === null) {
    throw new Error(`table ${table.slug}: round ${round.id} is live but its shoe has ended`);
  }
  // The mode of the shoe in play deals its rounds; a change of the table's takes effect between.
  const studio = shoe?.state.studio === true;
  // A studio shoe's cards come from its console meanwhile: its table is always read again.
  // Kept only while no one else moved the round: an action taken elsewhere whose event came while
  // this step ran is not in what it wrote, and no later event would tell the runner of it.
  const keep = (next: Pick<TableState, "round" | "shoe">): void => {
    if (studio) return;
    run.kept.state = { table, definition, since: null, ...next };
    run.kept.untilOthers = othersAtStart;
    // A round it left being dealt: a player's action computes from it (one whose turn this
    // step's events started waits for the step's answer first: `writesAnswered`).
    const { round: left, shoe: under } = next;
    if (left?.phase === "dealing" && under !== null && definition.decisions !== undefined) {
      holdRound({ table, round: left, shoe: under });
    }
  };
  if (round?.phase === "betting") {
    return bettingStep({
      ...options,
      ...run,
      table,
      definition,
      round,
      shoe: shoe!,
      dealing: (closed) => {
        keep({ round: closed, shoe });
      },
    });
  }
  if (round?.phase === "dealing") {
    if (definition.decisions?.pending(round.state) != null) {
      // The seat chose; its card comes from the console (studio.ts): the timer has stopped.
      if (studio && awaitsCard(round)) {
        did("await-card");
        return { ms: STUDIO_POLL_MS, untilEvent: true };
      }
      // A round found waiting (a restart, a takeover) gives the seat its full time again.
      if (recovering || round.actsBy === null) {
        did("restart-timer");
        await restartTimer(db, table, definition, round, clock.now());
        return 0;
      }
      const left = round.actsBy.getTime() - clock.now();
      if (left > 0) {
        did("await-decision");
        // A player's action in this process computes from it (acted-here.ts, `HeldRound`).
        if (!studio) holdRound({ table, round, shoe: shoe! });
        // Woken by its own cards and turns, the next step waits on from this table; a round
        // moved by anyone else since this step began makes it read the table.
        if (othersAtStart !== undefined) {
          run.kept.state = read;
          run.kept.untilOthers = othersAtStart;
        }
        return { ms: Math.min(left, DECISION_POLL_MS), untilEvent: true };
      }
      did("timeout");
      await timeoutStep(db, table, definition, round, shoe!, clock.now());
      return timing.dealDelayMs;
    }
    did("deal");
    const done = await dealStep(db, table, definition, round, shoe!, {
      // A studio shoe: every step whose card was entered (a joker blackjack dealer turning the
      // hole card after the last seat stood); the cards themselves come from the console.
      through: timing.dealDelayMs === 0 || studio,
    });
    if (done.dealt === null) return { ms: STUDIO_POLL_MS, untilEvent: true };
    if (done.settled) {
      watch.entered(round.id, "settled");
      releaseTable(table.id);
    }
    // Settled: the next round opens only at a table still open and as read then (`asRead`);
    // after the shoe's last round, from the table read again.
    if (!done.shoeEnded) keep({ round: done.settled ? null : done.round, shoe: done.shoe });
    return done.settled ? timing.resultPauseMs : timing.dealDelayMs;
  }
  // Between rounds: an operator's pause or close takes effect here.
  if (table.status !== "OPEN") {
    did("not-open");
    // Dozens of idle tables reading themselves each second were most of an idle process's CPU.
    return options.opened === undefined
      ? 1_000
      : { ms: NOT_OPEN_POLL_MS, untilEvent: true, untilOpen: true };
  }
  if (table.dealing === "studio") {
    did("studio");
    // A studio table's rounds are opened at its console; an automatic shoe in play ends here.
    if (shoe !== null && !studio) await endShoeEarly(db, table, shoe);
    return STUDIO_POLL_MS;
  }
  const window = timing.bettingWindowMs(table);
  did("open");
  let opened: RoundRow & { shoe: ShoeRow };
  try {
    // An operator asked for a new shoe (admin.tables.newShoe): the one in play ends here.
    // So does a studio shoe left in play when the table went back to the automatic dealer.
    const kept =
      newShoeAsked(table.settings) || studio ? await endShoeEarly(db, table, shoe) : shoe;
    const current = kept ?? (await startShoe(db, table, definition, rng));
    opened = await openRound(db, table, definition, current, new Date(clock.now() + window), {
      whileOpen: true,
      // A table the runner kept since the last round: its pause, or any change, is read now.
      ...(fromKept ? { asRead: table } : {}),
    });
  } catch (error) {
    // Paused or closed since it was read: the pause takes effect here, between rounds.
    if (error instanceof TableNotOpenError && !fromKept) return 1_000;
    throw error;
  }
  watch.entered(opened.id, "betting");
  const { shoe: after, ...openedRound } = opened;
  keep({ round: openedRound, shoe: after });
  run.announced.totals = "";
  return Math.min(window, timing.totalsIntervalMs);
}

export const cryptoRng = (): Rng => new CryptoRng();
