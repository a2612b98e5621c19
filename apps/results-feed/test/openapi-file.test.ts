import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";

import { committedDocumentPath, servedDocumentText } from "../src/openapi-file";
import { createFeedServer } from "../src/server";

let database: TestDatabase;
let server: ReturnType<typeof createFeedServer>;

beforeAll(async () => {
  database = await createTestDatabase();
  server = createFeedServer({ db: database.db });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.drop();
});

describe("the feed client's copy of the OpenAPI document", () => {
  it("is the document GET /openapi.json serves (else: pnpm --filter @fuda/results-feed openapi:write)", async () => {
    const committed = await readFile(committedDocumentPath, "utf8");
    expect(committed, "packages/feed-client/src/generated/openapi.json is stale").toBe(
      servedDocumentText(),
    );
    const { port } = server.address() as AddressInfo;
    const served = await fetch(`http://127.0.0.1:${port}/openapi.json`);
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual(JSON.parse(committed));
  });
});
