/**
 * A minimal browser for tests over real HTTP: keeps the cookies the game API sets and sends
 * them back, with the Origin of the web app the requests would come from.
 */
import type { AddressInfo } from "node:net";

import { ledgerHooks } from "@fuda/api";
import type { WebhookPrivateTargets } from "@fuda/api";
import type { MutationPath, QueryPath } from "@fuda/api/types";
import { createAuth } from "@fuda/auth";
import type { GuestUpgrade, SignInLimits } from "@fuda/auth";
import { createDb } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { DealerTiming } from "@fuda/live";
import type { Rate } from "@fuda/limits";
import { silentLog, startLive } from "@fuda/live";
import { signInStaff } from "@fuda/testkit";
import type { AuthPost } from "@fuda/testkit";

import { createGameApiServer } from "../src/server";

export const WEB_ORIGIN = "http://127.0.0.1:3000";

export interface Reply {
  status: number;
  body: unknown;
  setCookies: string[];
  headers: Headers;
}

/** A procedure's answer over HTTP: its data, or its error's code, reason and details. */
export interface TrpcReply {
  status: number;
  data?: unknown;
  code?: string;
  reason?: string;
  message?: string;
  details?: Record<string, unknown>;
}

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    };
  }

  /** The headers this browser sends: its origin, cookies and any extra ones. */
  requestHeaders(): Record<string, string> {
    return { origin: WEB_ORIGIN, ...this.cookieHeader(), ...this.headers };
  }

  async request(method: "GET" | "POST", path: string, body?: unknown): Promise<Reply> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...this.requestHeaders(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = value === "" || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, setCookies, headers: response.headers };
  }

  /** POST /api/auth/<path>. */
  auth(path: string, body: unknown = {}): Promise<Reply> {
    return this.request("POST", `/api/auth/${path}`, body);
  }

  /**
   * A tRPC query or mutation by path, unbatched; the data, or the error's code and status. The
   * path is typed by the router (a renamed procedure fails here); the input is not, so a test
   * can send what the schema refuses.
   */
  trpc(type: "query", path: QueryPath, input?: unknown): Promise<TrpcReply>;
  trpc(type: "mutation", path: MutationPath, input?: unknown): Promise<TrpcReply>;
  /** Either, for a test that goes over every procedure with its type from tRPC's record. */
  trpc(
    type: "query" | "mutation",
    path: QueryPath | MutationPath,
    input?: unknown,
  ): Promise<TrpcReply>;
  async trpc(
    type: "query" | "mutation",
    path: QueryPath | MutationPath,
    input?: unknown,
  ): Promise<TrpcReply> {
    const reply =
      type === "query"
        ? await this.request(
            "GET",
            `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          )
        : await this.request("POST", `/trpc/${path}`, input ?? null);
    const body = reply.body as {
      result?: { data: unknown };
      error?: {
        message?: string;
        data?: { code?: string; reason?: string; details?: Record<string, unknown> };
      };
    };
    if (body.error !== undefined) {
      return {
        status: reply.status,
        code: body.error.data?.code,
        reason: body.error.data?.reason,
        message: body.error.message,
        details: body.error.data?.details,
      };
    }
    return { status: reply.status, data: body.result?.data };
  }

  /** `account.me`'s actor. */
  async actor(): Promise<unknown> {
    const me = await this.trpc("query", "account.me");
    if (me.code !== undefined) return me.code;
    return (me.data as { actor: unknown }).actor;
  }

  /** The same browser (its cookies) talking to another server, e.g. the game API restarted. */
  at(baseUrl: string): Browser {
    const moved = new Browser(baseUrl, this.headers);
    for (const [name, value] of this.cookies) moved.cookies.set(name, value);
    return moved;
  }

  fork(headers: Record<string, string> = {}): Browser {
    const other = new Browser(this.baseUrl, { ...this.headers, ...headers });
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }
}

/** A game API with accounts on a fresh database, recording what its account hooks were told. */
export async function startGameApi({
  dealing,
  databaseUrl,
  webhookPrivateTargets,
  betPace,
  signInLimits,
}: {
  /** The dealer's pace, to run one; by default no dealer, and tests open the rounds they need. */
  dealing?: Partial<DealerTiming>;
  /**
   * Serve this database, with a client of its own, instead of a fresh one (a restart of the game
   * API on the same database); `stop` leaves it to its owner.
   */
  databaseUrl?: string;
  /** WEBHOOK_PRIVATE_TARGETS; unset: refuse, as in production. */
  webhookPrivateTargets?: WebhookPrivateTargets;
  /** Each player's pace of slips; the production default unless a test floods on purpose. */
  betPace?: Rate;
  /** The sign-in defences' limits; production's defaults unless a test needs a smaller one. */
  signInLimits?: SignInLimits;
} = {}) {
  const database =
    databaseUrl === undefined
      ? await createTestDatabase()
      : { url: databaseUrl, db: createDb(databaseUrl), drop: undefined };
  const playersCreated: string[] = [];
  const guestsUpgraded: GuestUpgrade[] = [];
  // The game API's own hooks (the ledger's grant and carry-over), recorded on the way.
  const ledger = ledgerHooks({ db: database.db });
  const auth = createAuth({
    db: database.db,
    secret: "test-secret-test-secret-test-secret",
    baseURL: "http://127.0.0.1",
    trustedOrigins: [WEB_ORIGIN],
    signInLimits,
    onPlayerCreated: async (userId) => {
      playersCreated.push(userId);
      await ledger.onPlayerCreated(userId);
    },
    onGuestUpgraded: async (upgrade) => {
      guestsUpgraded.push(upgrade);
      await ledger.onGuestUpgraded(upgrade);
    },
  });
  // Bets and events as in production.
  const live = startLive({
    db: database.db,
    connectionString: database.url,
    deal: dealing !== undefined,
    timing: dealing,
    log: silentLog,
    betPace,
  });
  const server = createGameApiServer({ db: database.db, auth, live, webhookPrivateTargets });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    db: database.db,
    databaseUrl: database.url,
    auth,
    live,
    baseUrl,
    playersCreated,
    guestsUpgraded,
    browser: () => new Browser(baseUrl),
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await live.stop();
      if (database.drop === undefined) await database.db.$disconnect();
      else await database.drop();
    },
  };
}

export type GameApi = Awaited<ReturnType<typeof startGameApi>>;

let counter = 0;
/** A unique e-mail for this run. */
export const email = (who: string) => `${who}-${process.pid}-${++counter}@example.com`;
export const PASSWORD = "correct horse battery";

/** A browser signed up as a new player. */
export async function signUp(api: GameApi, who = "player"): Promise<Browser> {
  const browser = api.browser();
  const reply = await browser.auth("sign-up/email", {
    email: email(who),
    password: PASSWORD,
    name: who,
  });
  if (reply.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(reply.body)}`);
  return browser;
}

/** A staff member made for a test: their browser, signed in and enrolled, and their secrets. */
export interface Staff {
  browser: Browser;
  userId: string;
  email: string;
  password: string;
  /** Their authenticator's otpauth URI: `totpCode(totpURI)` is the code it shows now. */
  totpURI: string;
}

/** `browser`'s POST to /api/auth, as the shared two-factor flow (@fuda/testkit) calls it. */
export const authPost =
  (browser: Browser): AuthPost =>
  (path, body) =>
    browser.auth(path, body);

/**
 * A new user with `role`, created the way an admin would, signed in with their password and
 * enrolled in two-factor sign-in on the way, as /enrol does (docs/security.md, Staff accounts).
 */
export async function createStaff(
  api: GameApi,
  role: "operator" | "admin" | "dealer",
): Promise<Staff> {
  const address = email(role);
  const created = await api.auth.api.createUser({
    body: { email: address, password: PASSWORD, name: role, role },
  });
  const browser = api.browser();
  const totpURI = await signInStaff(authPost(browser), { email: address, password: PASSWORD });
  return { browser, userId: created.user.id, email: address, password: PASSWORD, totpURI };
}

/** A browser signed in as a new, enrolled staff member with `role`. */
export async function signInAs(
  api: GameApi,
  role: "operator" | "admin" | "dealer",
): Promise<Browser> {
  return (await createStaff(api, role)).browser;
}
