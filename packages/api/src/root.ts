import { accountRouter } from "./routers/account";
import { actionsRouter } from "./routers/actions";
import { adminRouter } from "./routers/admin";
import { chatRouter } from "./routers/chat";
import { betsRouter } from "./routers/bets";
import { health } from "./routers/health";
import { historyRouter } from "./routers/history";
import { quickRouter } from "./routers/quick";
import { tablesRouter } from "./routers/tables";
import { seatsRouter } from "./routers/seats";
import { shoesRouter } from "./routers/shoes";
import { studioRouter } from "./routers/studio";
import { router } from "./trpc";
import { walletRouter } from "./routers/wallet";

export const appRouter = router({
  health,
  tables: tablesRouter,
  account: accountRouter,
  admin: adminRouter,
  wallet: walletRouter,
  bets: betsRouter,
  seats: seatsRouter,
  actions: actionsRouter,
  history: historyRouter,
  quick: quickRouter,
  shoes: shoesRouter,
  studio: studioRouter,
  chat: chatRouter,
});

export type AppRouter = typeof appRouter;
