import { fileURLToPath } from "node:url";

import { createFeedDocument } from "./openapi";

/** The feed client's copy of the document (packages/feed-client generates its types from it). */
export const committedDocumentPath = fileURLToPath(
  new URL("../../../packages/feed-client/src/generated/openapi.json", import.meta.url),
);

/** The document as `/openapi.json` serves it without a PUBLIC_URL (relative server URL). */
export const servedDocumentText = (): string =>
  `${JSON.stringify(createFeedDocument({}), null, 2)}\n`;
