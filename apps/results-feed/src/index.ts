export { apiPrefix, createFeedDocument } from "./openapi";
export { createFeedServer, type FeedServerOptions } from "./server";
