import { generateOpenApiDocument } from "trpc-to-openapi";
import type { OpenAPIObject } from "trpc-to-openapi";

import { feedRouter } from "@fuda/api";

import { STREAM_TAG, withStream } from "./stream-openapi";

/** Where the feed's procedures are mounted; part of every endpoint's URL. */
export const apiPrefix = "/v1";

const description = `Read-only feed of the Fuda card-game platform for partners.

**Keys.** Every \`/v1\` endpoint needs a partner API key with the \`feed:read\` scope, sent as
\`Authorization: Bearer <key>\`. A missing, unknown or revoked key is answered 401.

**Rate limit.** Each key has a token bucket: a burst of requests at once, then a steady rate a
second. Over it, 429 with \`Retry-After\` (seconds).

**Errors** are RFC 9457 problem details (\`application/problem+json\`): \`type\`, \`title\`,
\`status\`, \`detail\`, plus \`code\` (the platform's error code, e.g. \`BAD_REQUEST\`,
\`UNAUTHORIZED\`, \`TOO_MANY_REQUESTS\`), \`reason\` (the finer cause where there is one, e.g.
\`BAD_INPUT\`) and, for a bad parameter, \`parameter\` naming it.

All amounts are integers in **minor units**: 100 minor units are 1 point, so \`2500\` means
25.00 points. Times are ISO 8601 in UTC.`;

const SECURITY_SCHEME = "partnerKey";

type Components = NonNullable<OpenAPIObject["components"]>;
type SchemaObject = NonNullable<Components["schemas"]>[string];
type Headers = NonNullable<Components["headers"]>;

const problemSchema: SchemaObject = {
  type: "object",
  description: "RFC 9457 problem details: what went wrong, for people and for programs.",
  required: ["type", "title", "status", "detail", "code"],
  properties: {
    type: {
      type: "string",
      description: "`about:blank`: the status says what happened, `code` which case it is.",
      example: "about:blank",
    },
    title: { type: "string", description: "The status's phrase.", example: "Bad Request" },
    status: { type: "integer", description: "The HTTP status.", example: 400 },
    detail: {
      type: "string",
      description: "What was wrong, naming the parameter or header and the rule.",
      example: "limit: Too big: expected number to be <=200",
    },
    code: {
      type: "string",
      description: "The platform's error code (the game API's `error.data.code`).",
      enum: [
        "BAD_REQUEST",
        "UNAUTHORIZED",
        "FORBIDDEN",
        "NOT_FOUND",
        "METHOD_NOT_SUPPORTED",
        "TOO_MANY_REQUESTS",
        "INTERNAL_SERVER_ERROR",
        "SERVICE_UNAVAILABLE",
      ],
      example: "BAD_REQUEST",
    },
    reason: {
      type: "string",
      description:
        "The finer cause where there is one (the game API's `error.data.reason`): BAD_INPUT, " +
        "UNAUTHENTICATED, NOT_FOUND, DATABASE_UNAVAILABLE…",
      example: "BAD_INPUT",
    },
    parameter: {
      type: "string",
      description: "For a 400: the query or path parameter that was refused.",
      example: "limit",
    },
    requestId: {
      type: "string",
      description:
        "The request's id (also the `X-Request-Id` header; yours when you sent one): quote it " +
        "when asking us about this answer.",
      example: "6f1c2b9e-0d7a-4e43-9a51-2f8d0c3b7a10",
    },
  },
};

const retryAfter = (description: string): Headers => ({
  "Retry-After": { description, schema: { type: "integer", minimum: 1 } },
});

/** The error responses, by status, that every operation may point at. */
const problemResponses: Record<string, { name: string; description: string; headers?: Headers }> = {
  "400": { name: "BadRequest", description: "A parameter is invalid; `parameter` names it." },
  "401": {
    name: "Unauthorized",
    description: "No partner key, or an unknown or revoked one.",
    headers: {
      "WWW-Authenticate": { description: "`Bearer`", schema: { type: "string" } },
    },
  },
  "403": { name: "Forbidden", description: "The key lacks the `feed:read` scope." },
  "404": { name: "NotFound", description: "No such resource." },
  "429": {
    name: "TooManyRequests",
    description: "The key's rate limit is spent.",
    headers: retryAfter("Seconds until the key may call again."),
  },
  "500": { name: "InternalServerError", description: "Unexpected server error." },
  "503": {
    name: "ServiceUnavailable",
    description: "The database is unreachable; retry later.",
    headers: retryAfter("Seconds after which a retry may succeed."),
  },
};

interface Operation {
  parameters?: { in: string }[];
  security?: unknown[];
  responses: Record<string, unknown>;
}

/**
 * Every operation's errors as problem details: those its procedure declares, and those any
 * keyed endpoint may answer (401, 403, 429, 500, 503; 400 when it takes parameters), each a
 * reference to one shared response.
 */
function withProblems(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths ?? {}) as Record<string, Operation>[]) {
    for (const operation of Object.values(item)) {
      const statuses = new Set(
        Object.keys(operation.responses).filter((status) => Number(status) >= 400),
      );
      for (const status of ["401", "403", "429", "500", "503"]) statuses.add(status);
      if ((operation.parameters ?? []).length > 0) statuses.add("400");
      if ((operation.parameters ?? []).some((parameter) => parameter.in === "path")) {
        statuses.add("404");
      }
      for (const status of statuses) {
        const shared = problemResponses[status];
        if (shared === undefined) throw new Error(`no problem response for ${status}`);
        operation.responses[status] = { $ref: `#/components/responses/${shared.name}` };
      }
    }
  }
  const schemas = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {}).filter(([id]) => !id.startsWith("error.")),
  );
  document.components = {
    ...document.components,
    schemas: { ...schemas, Problem: problemSchema },
    responses: Object.fromEntries(
      Object.values(problemResponses).map(({ name, description: text, headers }) => [
        name,
        {
          description: text,
          ...(headers === undefined ? {} : { headers }),
          content: {
            "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } },
          },
        },
      ]),
    ),
  };
  return document;
}

/**
 * The OpenAPI 3 description of the feed, generated from the tRPC procedures' meta and zod
 * schemas. `publicUrl` is where partners reach the service; without it the server URL is
 * relative, which clients resolve against the document's own address.
 */
/** The document's tags, in order, each with what its operations are about. */
const TAGS = [
  { name: "tables", description: "The tables, their current round and a baccarat shoe's roads." },
  { name: "rounds", description: "Finished rounds, one at a time or paged, and their statistics." },
  { name: "shoes", description: "Shoes: the commitment, the reveal once ended, and the check." },
  STREAM_TAG,
  { name: "service", description: "Whether the feed is up." },
];

export function createFeedDocument(options: { publicUrl?: string }): OpenAPIObject {
  const document = withProblems(
    withStream(
      generateOpenApiDocument(feedRouter, {
        title: "Fuda results feed",
        version: "1.0.0",
        description,
        baseUrl: `${options.publicUrl ?? ""}${apiPrefix}`,
        tags: TAGS.map((tag) => tag.name),
        securitySchemes: {
          [SECURITY_SCHEME]: {
            type: "http",
            scheme: "bearer",
            description:
              "A partner API key with the `feed:read` scope: `Authorization: Bearer <key>`.",
          },
        },
      }),
    ),
  );
  return {
    ...document,
    info: {
      ...document.info,
      license: {
        name: "Proprietary: for Fuda's partners under contract",
        // An SPDX reference of our own: the terms are no published licence.
        identifier: "LicenseRef-Fuda-Partners",
      },
    },
    tags: TAGS,
  };
}
