import { health } from "./routers/health";
import { tablesRouter } from "./routers/tables";
import { router } from "./trpc";

export const appRouter = router({
  health,
  tables: tablesRouter,
});

export type AppRouter = typeof appRouter;
