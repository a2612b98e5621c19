/** The read-only database role the feed works as (migration `feed_reader`, docs/feed.md). */
export const FEED_READER_ROLE = "fuda_feed_reader";

/**
 * `url` with the startup option that makes every connection of the pool switch to the feed's
 * read-only role (`-c role=…`, as `SET ROLE` would), before any query: nothing the feed runs can
 * write, whichever login the URL names (it must be a member of the role, or a superuser).
 */
export function readerUrl(url: string, role = FEED_READER_ROLE): string {
  const parsed = new URL(url);
  const options = parsed.searchParams.get("options");
  parsed.searchParams.set("options", `${options ? `${options} ` : ""}-c role=${role}`);
  return parsed.toString();
}
