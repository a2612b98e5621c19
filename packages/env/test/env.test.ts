import { describe, expect, it } from "vitest";
import { z } from "zod";

import { databaseUrl, EnvError, httpUrl, loadEnv, port } from "../src";

const schema = z.object({
  PORT: port(4000),
  DATABASE_URL: databaseUrl,
  GAME_API_URL: httpUrl.default("http://127.0.0.1:4000/trpc"),
});

describe("loadEnv", () => {
  it("applies defaults and coerces ports", () => {
    expect(loadEnv(schema, { DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/fuda" })).toEqual({
      PORT: 4000,
      DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/fuda",
      GAME_API_URL: "http://127.0.0.1:4000/trpc",
    });
    expect(loadEnv(schema, { PORT: "4010", DATABASE_URL: "postgres://x/y" }).PORT).toBe(4010);
  });

  it("treats an empty value as unset", () => {
    expect(loadEnv(schema, { PORT: "", DATABASE_URL: "postgres://x/y" }).PORT).toBe(4000);
  });

  it("names the variable, the rule and the value in one line", () => {
    const read = () => loadEnv(schema, { PORT: "70000", DATABASE_URL: "mysql://x" });
    expect(read).toThrow(EnvError);
    expect(read).toThrow(
      'invalid configuration: PORT: must be between 1 and 65535 (got "70000"); DATABASE_URL: must be a postgresql:// URL (got "mysql://x")',
    );
  });

  it("takes only whole ports from 1 to 65535", () => {
    const portOf = (PORT: string) => () =>
      loadEnv(schema, { PORT, DATABASE_URL: "postgres://x/y" });
    expect(portOf("1")().PORT).toBe(1);
    expect(portOf("65535")().PORT).toBe(65535);
    expect(portOf("0")).toThrow('PORT: must be between 1 and 65535 (got "0")');
    expect(portOf("65536")).toThrow('PORT: must be between 1 and 65535 (got "65536")');
    expect(portOf("4000.5")).toThrow('PORT: must be a whole port number (got "4000.5")');
  });

  it("takes a whole postgres:// or postgresql:// URL and nothing around it", () => {
    const urlOf = (DATABASE_URL: string) => () => loadEnv(schema, { DATABASE_URL });
    expect(urlOf("postgres://x/y")().DATABASE_URL).toBe("postgres://x/y");
    for (const bad of ["postgresql://", "xpostgres://x/y", "postgres://x/y z"]) {
      expect(urlOf(bad)).toThrow(`DATABASE_URL: must be a postgresql:// URL (got "${bad}")`);
    }
  });

  it("reports a missing required variable", () => {
    expect(() => loadEnv(schema, {})).toThrow("invalid configuration: DATABASE_URL: is required");
  });

  it("refuses a non-http service URL", () => {
    expect(() =>
      loadEnv(schema, { DATABASE_URL: "postgres://x/y", GAME_API_URL: "ftp://a" }),
    ).toThrow(/GAME_API_URL: must be an http/);
  });
});
