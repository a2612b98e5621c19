import { loadAccount } from "~/account";
import { env } from "~/env";

// The visitor's own account: never cached, never prerendered.
export const dynamic = "force-dynamic";

/**
 * The signed-in player the header shows, read with the visitor's session cookie (`null` for a
 * visitor without one). The pages are the same for every visitor of a language, so a page served
 * from the server's cache (docs/performance.md, Pages) asks here once it is in the browser.
 */
export async function GET(): Promise<Response> {
  return Response.json(
    { account: await loadAccount(env.GAME_API_URL) },
    { headers: { "cache-control": "private, no-store" } },
  );
}
