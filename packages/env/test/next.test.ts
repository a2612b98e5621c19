import { IncomingMessage } from "node:http";
import { Socket } from "node:net";

import { describe, expect, it } from "vitest";

import { forwardPeer, guardNextRequest } from "../src/next";
import type { RefusalResponse } from "../src/next";

/** What the guard answered for one request, or null when it let Next have it. */
function guard(method: string, url: string): { status: number; allow?: string } | null {
  const seen: { answer: { status: number; allow?: string } | null } = { answer: null };
  const res: RefusalResponse = {
    writeHead(status, headers) {
      seen.answer = { status, allow: headers.allow };
    },
    end() {
      return undefined;
    },
  };
  const req = Object.assign(new IncomingMessage(new Socket()), { method, url });
  const handled = guardNextRequest(req, res);
  expect(handled).toBe(seen.answer !== null);
  return seen.answer;
}

describe("guardNextRequest", () => {
  it("lets POST through to the accounts relay, the two bet procedures and the quick game's buttons only", () => {
    expect(guard("POST", "/api/auth/sign-in/anonymous")).toBeNull();
    expect(guard("POST", "/api/trpc/bets.place")).toBeNull();
    expect(guard("POST", "/api/trpc/bets.undo")).toBeNull();
    for (const step of ["add", "undo", "deal", "next", "startOver"]) {
      expect(guard("POST", `/api/trpc/quick.${step}`), step).toBeNull();
    }
  });

  it("lets POST through to a seated table's seat and decision procedures", () => {
    for (const path of ["/api/trpc/seats.sit", "/api/trpc/seats.leave", "/api/trpc/actions.act"]) {
      expect(guard("POST", path), path).toBeNull();
    }
  });

  it("lets POST through to signing the player's other devices out, not to reading them", () => {
    for (const path of ["/api/trpc/account.endSession", "/api/trpc/account.endOtherSessions"]) {
      expect(guard("POST", path), path).toBeNull();
    }
    expect(guard("POST", "/api/trpc/account.sessions")).toEqual({
      status: 405,
      allow: "GET, HEAD",
    });
  });

  it("lets POST through to the portal's relay of the admin and studio routers", () => {
    for (const path of [
      "/api/trpc/admin.tables.update",
      "/api/trpc/admin.rounds.rewind",
      "/api/trpc/studio.card",
      "/api/trpc/studio.open",
    ]) {
      expect(guard("POST", path), path).toBeNull();
    }
  });

  it("refuses POST to every other relayed procedure and page with 405 naming GET and HEAD", () => {
    for (const path of [
      "/api/trpc/wallet.balance",
      "/api/trpc/tables.get",
      "/api/trpc/bets.placeX",
      "/api/trpc/bets.place/x",
      "/api/trpc/quick.state",
      "/api/trpc/quick.addX",
      "/api/trpc/seats.sitX",
      "/api/trpc/actions.act/x",
      "/api/trpc/adminX.tables.update",
      "/api/trpc/studioX.card",
      "/tables/baccarat-a",
      "/",
    ]) {
      expect(guard("POST", path), path).toEqual({ status: 405, allow: "GET, HEAD" });
    }
  });

  it("refuses other methods on the bet procedures, naming the POST they take", () => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      for (const path of [
        "/api/trpc/bets.place",
        "/api/trpc/quick.deal",
        "/api/trpc/actions.act",
      ]) {
        expect(guard(method, path), `${method} ${path}`).toEqual({
          status: 405,
          allow: "GET, HEAD, POST",
        });
      }
    }
  });
});

describe("forwardPeer", () => {
  const request = (peer: string, forwardedFor?: string) => {
    const socket = Object.defineProperty(new Socket(), "remoteAddress", { value: peer });
    const req = new IncomingMessage(socket);
    if (forwardedFor !== undefined) req.headers["x-forwarded-for"] = forwardedFor;
    forwardPeer(req);
    return req.headers["x-forwarded-for"];
  };

  it("appends the peer to what the browser sent, so the last hop is always the one Next saw", () => {
    expect(request("203.0.113.9")).toBe("203.0.113.9");
    expect(request("203.0.113.9", "127.0.0.1")).toBe("127.0.0.1, 203.0.113.9");
    expect(request("10.0.0.5", "198.51.100.7, 10.0.0.4")).toBe("198.51.100.7, 10.0.0.4, 10.0.0.5");
  });
});
