/**
 * Everything a game API process runs for the live tables: the bet desk and the event hub its
 * procedures use, and — unless another process deals — the dealer of every table it can claim.
 */
import type { Db } from "@fuda/db";
import type { Rng } from "@fuda/shoe";

import { createBetDesk } from "./bet-desk";
import type { ChatDesk, ChatPaces } from "./chat";
import { createChatDesk } from "./chat";
import type { DealerTiming } from "./dealer";
import { createEventHub } from "./hub";
import type { LiveLog } from "./log";
import { defaultLiveLog } from "./log";
import type { Dealer } from "./ownership";
import { startDealer } from "./ownership";
import type { BetDesk, EventHub } from "./services";

export interface LiveOptions {
  db: Db;
  /** The database of `db`, for the connections outside its pool (LISTEN, table locks). */
  connectionString: string;
  /** false: take bets and stream events, deal nothing (another process deals). */
  deal?: boolean;
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
}

export interface Live {
  desk: BetDesk;
  chat: ChatDesk;
  hub: EventHub;
  dealer: Dealer | null;
  /** The dealer finishes its steps, the desk its batches, then the hub's streams end. */
  stop(): Promise<void>;
}

export function startLive({
  db,
  connectionString,
  deal = true,
  timing,
  rng,
  log = defaultLiveLog(),
  chatPaces,
}: LiveOptions): Live {
  const desk = createBetDesk({ db, log });
  const chat = createChatDesk({ db, paces: chatPaces });
  const hub = createEventHub({ db, connectionString, log });
  const dealer = deal ? startDealer({ db, connectionString, timing, rng, log, hub }) : null;
  return {
    desk,
    chat,
    hub,
    dealer,
    async stop() {
      await dealer?.stop();
      await desk.close();
      await chat.close();
      await hub.close();
    },
  };
}
