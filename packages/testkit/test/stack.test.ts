import { describe, expect, it } from "vitest";

import { startGameApi, startNextApp } from "../src";

describe("startNextApp", () => {
  it("hands the app its game API URL: a bad one stops the app with its one-line error", async () => {
    await expect(startNextApp({ app: "admin", gameApiUrl: "ftp://example" })).rejects.toThrow(
      /GAME_API_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
  });
});

describe("startGameApi", () => {
  it("hands the game API its database URL: a bad one stops it with its one-line error", async () => {
    await expect(startGameApi({ databaseUrl: "mysql://nobody@127.0.0.1:1/x" })).rejects.toThrow(
      /DATABASE_URL: must be a postgresql:\/\/ URL/,
    );
  });
});
