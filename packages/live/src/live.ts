/**
 * Everything a game API process runs for the live tables: the bet desk and the event hub its
 * procedures use, and — unless another process deals — the dealer of every table it can claim.
 */
import type { Db } from "@fuda/db";
import type { Pacer, Rate } from "@fuda/limits";
import type { Rng } from "@fuda/shoe";

import { createBetDesk } from "./bet-desk";
import type { ChatDesk, ChatPaces } from "./chat";
import { createChatDesk } from "./chat";
import type { DealerTiming } from "./dealer";
import type { EventRelay } from "./event-relay";
import { startEventRelay } from "./event-relay";
import { createEventHub } from "./hub";
import type { LiveLog } from "./log";
import { defaultLiveLog } from "./log";
import type { EventStream } from "./nats-events";
import { createNatsEventHub } from "./nats-hub";
import type { Dealer } from "./ownership";
import { startDealer } from "./ownership";
import type { BetDesk, EventHub } from "./services";

export interface LiveOptions {
  db: Db;
  /** The database of `db`, for the connections outside its pool (LISTEN, table locks). */
  connectionString: string;
  /** false: take bets and stream events, deal nothing (another process deals). */
  deal?: boolean;
  /**
   * NATS JetStream (connectEventStream, docs/scaling.md): the hub reads the table events there
   * rather than from PostgreSQL. Without it, LISTEN/NOTIFY.
   */
  events?: EventStream;
  /** With `events`: this node may be the one that publishes the outbox to the stream. */
  relay?: boolean;
  timing?: Partial<DealerTiming>;
  rng?: () => Rng;
  /**
   * The process's logger (a pino logger satisfies it): the dealer's faults at warn/error and
   * its rounds' phases at debug, the hub's lost connections, one info line per bet placed or
   * refused.
   */
  log?: LiveLog;
  /** The chat's paces (docs/chat.md); the defaults otherwise. */
  chatPaces?: Partial<ChatPaces>;
  /** Each player's pace of bet slips; the bet desk's default otherwise. */
  betPace?: Rate;
  /** Where every pace's buckets are (createPacer): Redis for every node, else this process. */
  pacer?: Pacer;
}

export interface Live {
  desk: BetDesk;
  chat: ChatDesk;
  hub: EventHub;
  dealer: Dealer | null;
  /** The outbox relay, when this node is a candidate (NATS only). */
  relay: EventRelay | null;
  /** The dealer finishes its steps, the desk its batches, then the hub's streams end. */
  stop(): Promise<void>;
}

export function startLive({
  db,
  connectionString,
  deal = true,
  events,
  relay: relays = events !== undefined,
  timing,
  rng,
  log = defaultLiveLog(),
  chatPaces,
  betPace,
  pacer,
}: LiveOptions): Live {
  const desk = createBetDesk({
    db,
    log,
    pacer,
    ...(betPace === undefined ? {} : { pace: betPace }),
  });
  const chat = createChatDesk({ db, paces: chatPaces, pacer });
  const hub =
    events === undefined
      ? createEventHub({ db, connectionString, log })
      : createNatsEventHub({ db, events, log });
  const relay =
    events !== undefined && relays ? startEventRelay({ db, connectionString, events, log }) : null;
  const dealer = deal ? startDealer({ db, connectionString, timing, rng, log, hub }) : null;
  return {
    desk,
    chat,
    hub,
    dealer,
    relay,
    async stop() {
      await dealer?.stop();
      await desk.close();
      await chat.close();
      // After the last step and bet: their events are published before this node lets go.
      await relay?.stop();
      await hub.close();
    },
  };
}
