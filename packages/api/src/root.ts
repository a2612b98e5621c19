import { accountRouter } from "./routers/account";
import { adminRouter } from "./routers/admin";
import { health } from "./routers/health";
import { tablesRouter } from "./routers/tables";
import { router } from "./trpc";
import { walletRouter } from "./routers/wallet";

export const appRouter = router({
  health,
  tables: tablesRouter,
  account: accountRouter,
  admin: adminRouter,
  wallet: walletRouter,
});

export type AppRouter = typeof appRouter;
