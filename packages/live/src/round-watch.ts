/**
 * What one table's dealer tells the operator as its rounds move (docs/operations.md, what to
 * watch): each phase a round enters (`fuda_round_phases_total`), how long it stayed in the one
 * it left, the table's last transition and a debug line "round phase".
 *
 * `fuda_table_last_transition_seconds` exists for a table only while this node deals it and the
 * table is open with the automatic dealer: a paused table or a studio table waiting for its
 * console is not stuck, and a table another node took over must not look stuck here. So an old
 * value always means a table that should be moving and is not.
 */
import type { Game } from "@fuda/db";
import { roundPhaseDuration, roundPhases, tableLastTransition, unixSeconds } from "@fuda/telemetry";

import type { RoundRow } from "./dealer-rows";
import { publicGameName } from "./games";
import type { LiveLog } from "./log";

export type RoundPhase = RoundRow["phase"];

/** Phases no round leaves: nothing is timed after them. */
const FINAL: readonly RoundPhase[] = ["settled", "cancelled"];

export interface WatchedTable {
  slug: string;
  game: Game;
  status: string;
  dealing: "automatic" | "studio";
}

export class RoundWatch {
  private table: { slug: string; game: string } | undefined;
  /** The round in play as this dealer knows it, and since when it is in its phase (ms). */
  private current: { roundId: string; phase: RoundPhase; since: number } | null = null;
  /** Whether the table's last-transition series exists (open, automatic, dealt here). */
  private watched = false;
  private lastRound: string | null = null;

  constructor(
    private readonly tableId: string,
    private readonly log: LiveLog,
  ) {}

  /** The table's slug once a step has read it; its id before. */
  get name(): string {
    return this.table?.slug ?? this.tableId;
  }

  /** The round the last step read or moved, if any. */
  get roundId(): string | null {
    return this.lastRound;
  }

  /**
   * The table and its round as a step read them. A phase this dealer did not see begin (it took
   * the table over) is timed from when the database says it began: `since`.
   */
  seen(
    table: WatchedTable,
    round: { id: string; phase: RoundPhase } | null,
    since: Date | null,
  ): void {
    this.table = { slug: table.slug, game: publicGameName(table.game) };
    const watched = table.status === "OPEN" && table.dealing === "automatic";
    // Opened (or taken) just now: the time since its last transition counts from here.
    if (watched && !this.watched) tableLastTransition.set({ table: table.slug }, unixSeconds());
    if (!watched && this.watched) tableLastTransition.remove({ table: table.slug });
    this.watched = watched;
    this.lastRound = round?.id ?? null;
    if (round === null) {
      this.current = null;
    } else if (this.current?.roundId !== round.id || this.current.phase !== round.phase) {
      this.current = {
        roundId: round.id,
        phase: round.phase,
        since: since?.getTime() ?? Date.now(),
      };
    }
  }

  /** A step of this dealer moved the round into `phase`. */
  entered(roundId: string, phase: RoundPhase): void {
    const { slug, game } = this.table ?? { slug: this.tableId, game: "unknown" };
    const now = Date.now();
    const left = this.current;
    if (left !== null && left.roundId === roundId && left.phase !== phase) {
      roundPhaseDuration.observe({ game, phase: left.phase }, Math.max(0, now - left.since) / 1000);
    }
    roundPhases.inc({ table: slug, phase });
    if (this.watched) tableLastTransition.set({ table: slug }, now / 1000);
    this.log.debug({ table: slug, round: roundId, phase }, "round phase");
    this.lastRound = roundId;
    this.current = FINAL.includes(phase) ? null : { roundId, phase, since: now };
  }

  /** This node no longer deals the table. */
  end(): void {
    if (this.watched && this.table !== undefined) {
      tableLastTransition.remove({ table: this.table.slug });
    }
    this.watched = false;
  }
}
