import { procedureRelay } from "@fuda/auth/procedure-relay";

import { env } from "~/env";

// Per visitor (their session cookie): never cached or prerendered.
export const dynamic = "force-dynamic";

/** What the portal's pages read besides the `admin` router: who is signed in, the tables. */
const READABLE = new Set(["account.me", "tables.list", "tables.get", "tables.events", "health"]);

/**
 * The portal relays the `admin` router (the game API refuses anyone but an operator, and an
 * admin where it says so) and the few public reads its pages need.
 */
export const { GET, POST } = procedureRelay({
  gameApiUrl: () => env.GAME_API_URL,
  readable: (procedure) => procedure.startsWith("admin.") || READABLE.has(procedure),
  writable: (procedure) => procedure.startsWith("admin."),
});
