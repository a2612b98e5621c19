import { connection } from "next/server";

import { LiveLobby } from "~/components/live-lobby";
import { SiteHeader } from "~/components/site-header";
import { env } from "~/env";
import { loadLobby } from "~/game-api";

export default async function LobbyPage() {
  // The game API is not running at build time: render on every request.
  await connection();
  // The first paint is server-rendered; LiveLobby then follows the game API's stream.
  return (
    <>
      <SiteHeader />
      <LiveLobby initial={await loadLobby(env.GAME_API_URL)} />
    </>
  );
}
