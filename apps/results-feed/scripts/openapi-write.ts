/**
 * Writes the document `GET /openapi.json` serves into packages/feed-client, which generates its
 * types from it (`pnpm --filter @fuda/feed-client generate:client`). A test fails when it is stale.
 */
import { writeFile } from "node:fs/promises";

import { committedDocumentPath, servedDocumentText } from "../src/openapi-file";

await writeFile(committedDocumentPath, servedDocumentText());
console.log(`wrote ${committedDocumentPath}`);
