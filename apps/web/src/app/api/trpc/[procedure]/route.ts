import type { MutationPath, QueryPath, SubscriptionPath } from "@fuda/api/types";
import { procedureRelay } from "@fuda/auth/procedure-relay";

import { env, streamUrl } from "~/env";

// Per visitor (their session cookie): never cached or prerendered.
export const dynamic = "force-dynamic";

/**
 * The game API procedures a player's browser reads, as their session cookie allows: the same
 * names as the API (typed by its router, so a renamed procedure fails here), relayed same-origin
 * so the cookie stays this app's and no CORS is needed.
 */
const READABLE: ReadonlySet<string> = new Set([
  "account.me",
  "account.sessions",
  "wallet.balance",
  "wallet.history",
  "bets.mine",
  "history.mine",
  "history.recall",
  "tables.get",
  "tables.events",
  "tables.multiEvents",
  "shoes.list",
  "shoes.get",
  "quick.state",
  "chat.history",
] satisfies readonly (QueryPath | SubscriptionPath)[]);

/**
 * The procedures a player's browser may call to change something: their own bets, the quick
 * game's buttons, at a seated table their own seats and decisions, the table's chat, and signing
 * their other devices out.
 */
const WRITABLE: ReadonlySet<string> = new Set([
  "bets.place",
  "bets.undo",
  "quick.add",
  "quick.undo",
  "quick.deal",
  "quick.next",
  "quick.startOver",
  "seats.sit",
  "seats.leave",
  "actions.act",
  "chat.send",
  "account.endSession",
  "account.endOtherSessions",
] satisfies readonly MutationPath[]);

/** The players' streams, which a stream edge may serve (docs/scaling.md, Roles). */
const STREAMS: ReadonlySet<string> = new Set([
  "tables.events",
  "tables.multiEvents",
] satisfies readonly SubscriptionPath[]);

export const { GET, POST } = procedureRelay({
  gameApiUrl: (procedure) => (STREAMS.has(procedure) ? streamUrl() : env.GAME_API_URL),
  readable: (procedure) => READABLE.has(procedure),
  writable: (procedure) => WRITABLE.has(procedure),
});
