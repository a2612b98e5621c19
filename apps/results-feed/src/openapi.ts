import { feedRouter } from "@fuda/api";
import { generateOpenApiDocument } from "trpc-to-openapi";
import type { OpenAPIObject } from "trpc-to-openapi";

/** Where the feed's procedures are mounted; part of every endpoint's URL. */
export const apiPrefix = "/v1";

const description = `Read-only feed of the Fuda card-game platform for partners.

All amounts are integers in **minor units**: 100 minor units are 1 point, so \`2500\` means
25.00 points. Times are ISO 8601 in UTC. Errors are JSON \`{ "message", "code" }\` with the
matching HTTP status.`;

/**
 * The OpenAPI 3 description of the feed, generated from the tRPC procedures' meta and zod
 * schemas. `publicUrl` is where partners reach the service; without it the server URL is
 * relative, which clients resolve against the document's own address.
 */
export function createFeedDocument(options: { publicUrl?: string }): OpenAPIObject {
  return generateOpenApiDocument(feedRouter, {
    title: "Fuda results feed",
    version: "1.0.0",
    description,
    baseUrl: `${options.publicUrl ?? ""}${apiPrefix}`,
    tags: ["tables", "service"],
    // The feed is public for now: no security scheme to advertise.
    securitySchemes: {},
  });
}
