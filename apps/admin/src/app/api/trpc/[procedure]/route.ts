import type { MutationPath, QueryPath, SubscriptionPath } from "@fuda/api/types";
import { procedureRelay } from "@fuda/auth/procedure-relay";

import { env } from "~/env";

// Per visitor (their session cookie): never cached or prerendered.
export const dynamic = "force-dynamic";

type Admin<Path extends string> = Extract<Path, `admin.${string}`>;

/**
 * The portal relays the whole `admin` router (the game API refuses anyone but an operator, and
 * an admin where it says so). Listed by name, each list typed by the router so that a renamed
 * procedure fails here and a new one must be added: a record needs every key.
 */
const ADMIN_QUERIES = {
  "admin.audit.search": true,
  "admin.chat.list": true,
  "admin.chat.mutes": true,
  "admin.dealers.list": true,
  "admin.monitor.tables": true,
  "admin.partnerKeys.list": true,
  "admin.players.get": true,
  "admin.players.search": true,
  "admin.returns.summary": true,
  "admin.rounds.get": true,
  "admin.rounds.search": true,
  "admin.tables.list": true,
  "admin.webhooks.deliveries": true,
  "admin.webhooks.list": true,
} satisfies Record<Admin<QueryPath>, true>;

const ADMIN_MUTATIONS = {
  "admin.chat.ban": true,
  "admin.chat.delete": true,
  "admin.chat.mute": true,
  "admin.chat.unmute": true,
  "admin.dealers.assign": true,
  "admin.dealers.disable": true,
  "admin.dealers.enable": true,
  "admin.dealers.unassign": true,
  "admin.partnerKeys.create": true,
  "admin.partnerKeys.revoke": true,
  "admin.players.adjust": true,
  "admin.players.ban": true,
  "admin.players.unban": true,
  "admin.rounds.cancel": true,
  "admin.rounds.improperDeal": true,
  "admin.rounds.rewind": true,
  "admin.rounds.unrecoverable": true,
  "admin.rounds.void": true,
  "admin.tables.close": true,
  "admin.tables.create": true,
  "admin.tables.newShoe": true,
  "admin.tables.open": true,
  "admin.tables.pause": true,
  "admin.tables.update": true,
  "admin.webhooks.create": true,
  "admin.webhooks.revoke": true,
} satisfies Record<Admin<MutationPath>, true>;

type Studio<Path extends string> = Extract<Path, `studio.${string}`>;

/**
 * The studio console's procedures (docs/studio.md): the game API answers only a dealer, and only
 * for the tables assigned to them. Typed by the router as the admin lists are.
 */
const STUDIO_QUERIES = {
  "studio.state": true,
  "studio.tables": true,
} satisfies Record<Studio<QueryPath>, true>;

const STUDIO_MUTATIONS = {
  "studio.card": true,
  "studio.close": true,
  "studio.cutCard": true,
  "studio.mistake": true,
  "studio.newShoe": true,
  "studio.open": true,
  "studio.release": true,
  "studio.skipBurns": true,
  "studio.takeBack": true,
} satisfies Record<Studio<MutationPath>, true>;

/** What the portal's pages read besides the `admin` router: who is signed in, the tables. */
const PUBLIC_READS = [
  "account.me",
  "chat.history",
  "tables.list",
  "tables.get",
  "tables.events",
  "health",
] satisfies readonly (QueryPath | SubscriptionPath)[];

const READABLE: ReadonlySet<string> = new Set([
  ...Object.keys(ADMIN_QUERIES),
  ...Object.keys(STUDIO_QUERIES),
  ...PUBLIC_READS,
]);
/**
 * A table's chat: the studio console writes as the table's dealer (the game API lets a dealer
 * write only at their own tables, docs/chat.md).
 */
const CHAT_WRITES = ["chat.send"] satisfies readonly MutationPath[];

const WRITABLE: ReadonlySet<string> = new Set([
  ...Object.keys(ADMIN_MUTATIONS),
  ...Object.keys(STUDIO_MUTATIONS),
  ...CHAT_WRITES,
]);

export const { GET, POST } = procedureRelay({
  gameApiUrl: (procedure) =>
    procedure === "tables.events"
      ? (env.GAME_API_STREAM_URL ?? env.GAME_API_URL)
      : env.GAME_API_URL,
  readable: (procedure) => READABLE.has(procedure),
  writable: (procedure) => WRITABLE.has(procedure),
});
