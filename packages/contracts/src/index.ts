/**
 * The contracts between the game API and its callers, browsers included: the table events and
 * their payloads, the error rule codes, the names of games, variants and statuses. Zod schemas
 * and types only, no server code: the web and admin bundles import it.
 */
export * from "./chat";
export * from "./events";
export * from "./names";
export * from "./rules";
export * from "./studio";
