import { accountRouter } from "./routers/account";
import { adminRouter } from "./routers/admin";
import { health } from "./routers/health";
import { tablesRouter } from "./routers/tables";
import { router } from "./trpc";

export const appRouter = router({
  health,
  tables: tablesRouter,
  account: accountRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
