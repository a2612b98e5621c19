/** When the feed compresses an answer (docs/feed.md, Compression). */

/**
 * Smaller answers leave as they are: gzip's header and the trip to the thread pool would cost
 * more than they save.
 */
export const GZIP_FROM_CHARACTERS = 1_024;
