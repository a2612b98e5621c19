import { router } from "../trpc";
import { health } from "./health";
import { tables } from "./tables";

/**
 * The partners' read-only feed: REST endpoints described by OpenAPI (trpc-to-openapi), served
 * under `/v1` by apps/results-feed. The round results endpoints join this router.
 */
export const feedRouter = router({ health, tables });

export type FeedRouter = typeof feedRouter;
