import { checkHealth } from "../domain/health";
import { publicProcedure } from "../trpc";

export const health = publicProcedure.query(({ ctx }) =>
  checkHealth({ db: ctx.db, now: () => new Date() }),
);
