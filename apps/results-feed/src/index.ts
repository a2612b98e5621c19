export { apiPrefix, createFeedDocument } from "./openapi";
export { PROBLEM_CONTENT_TYPE, type Problem } from "./problem";
export { createRateLimiter, type RateLimit, type RateLimiter } from "./rate-limit";
export { createFeedServer, DEFAULT_RATE_LIMIT, type FeedServerOptions } from "./server";
export { FEED_READER_ROLE, readerUrl } from "./reader";
