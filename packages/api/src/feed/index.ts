import { router } from "../trpc";
import { health } from "./health";
import { roads } from "./roads";
import { round } from "./round";
import { rounds } from "./rounds";
import { shoe } from "./shoe";
import { stats } from "./stats";
import { table } from "./table";
import { tables } from "./tables";

/**
 * The partners' read-only feed: REST endpoints described by OpenAPI (trpc-to-openapi), served
 * under `/v1` by apps/results-feed.
 */
export const feedRouter = router({ health, tables, table, roads, rounds, round, shoe, stats });

export type FeedRouter = typeof feedRouter;
