import { connection } from "next/server";

import { AccountSessions } from "~/components/account/account-sessions";
import { SiteHeader } from "~/components/site-header";
import { env } from "~/env";
import { loadAsPlayer } from "~/history";

/** The player's devices (`account.sessions`) and their password (docs/accounts.md, Sessions). */
export default async function AccountPage() {
  await connection();
  const sessions = await loadAsPlayer(env.GAME_API_URL, (client, signal) =>
    client.account.sessions.query(undefined, { signal }),
  );
  return (
    <>
      <SiteHeader />
      <AccountSessions first={sessions} />
    </>
  );
}
