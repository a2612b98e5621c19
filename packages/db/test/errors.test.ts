import { describe, expect, it } from "vitest";

import { DatabaseUnavailableError } from "../src/index";
import { asDatabaseUnavailable } from "../src/errors";

const url = "postgresql://fuda:secret@db.internal/fuda";

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe("DatabaseUnavailableError", () => {
  it("names host:port and a system error by its code, on one line, without credentials", () => {
    const error = asDatabaseUnavailable(
      url,
      withCode("connect ECONNREFUSED 10.0.0.1:5432", "ECONNREFUSED"),
    );
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(error?.message).toBe("cannot connect to PostgreSQL at db.internal:5432 (ECONNREFUSED)");
    expect(error?.message).not.toContain("secret");
  });

  it("reads a refused localhost (IPv6 and IPv4 both tried) from Node's AggregateError", () => {
    const refused = new AggregateError([withCode("connect ECONNREFUSED ::1:1", "ECONNREFUSED")]);
    expect(asDatabaseUnavailable("postgresql://localhost:1/x", refused)?.message).toBe(
      "cannot connect to PostgreSQL at localhost:1 (ECONNREFUSED)",
    );
  });

  it("gives PostgreSQL's own reason for refused credentials or a missing database", () => {
    const auth = withCode('password authentication failed for user "fuda"', "28P01");
    expect(asDatabaseUnavailable(url, auth)?.message).toBe(
      'cannot connect to PostgreSQL at db.internal:5432 (password authentication failed for user "fuda")',
    );
    const missing = withCode('database "fuda" does not exist', "3D000");
    expect(asDatabaseUnavailable(url, missing)?.reason).toBe('database "fuda" does not exist');
    // One line whatever the server sends: a launcher prints the message as is.
    const detailed = withCode('database "fuda" does not exist\nDETAIL: more', "3D000");
    expect(asDatabaseUnavailable(url, detailed)?.message).toBe(
      'cannot connect to PostgreSQL at db.internal:5432 (database "fuda" does not exist)',
    );
  });

  it("leaves other errors alone: a failing query is not an unreachable server", () => {
    expect(
      asDatabaseUnavailable(url, withCode('relation "x" does not exist', "42P01")),
    ).toBeUndefined();
    expect(asDatabaseUnavailable(url, new TypeError("bug"))).toBeUndefined();
  });
});
