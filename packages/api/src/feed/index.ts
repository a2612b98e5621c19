import { router } from "../trpc";
import { health } from "./health";
import { round } from "./round";
import { rounds } from "./rounds";
import { table } from "./table";
import { tables } from "./tables";

/**
 * The partners' read-only feed: REST endpoints described by OpenAPI (trpc-to-openapi), served
 * under `/v1` by apps/results-feed.
 */
export const feedRouter = router({ health, tables, table, rounds, round });

export type FeedRouter = typeof feedRouter;
