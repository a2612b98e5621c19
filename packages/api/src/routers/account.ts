import { z } from "zod";

import { describeAccount } from "../domain/account";
import { endOtherSessions, endSession, listSessions } from "../domain/sessions";
import { playerProcedure, publicProcedure, router } from "../trpc";

const sessionView = z.object({
  id: z.string(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: z.date(),
  lastSeenAt: z.date(),
  current: z.boolean(),
});

const ended = z.object({ ended: z.number().int() });

export const accountRouter = router({
  /** Who is calling: anonymous, a player, an operator or admin, or a partner. */
  me: publicProcedure.query(({ ctx }) => describeAccount({ db: ctx.db, actor: ctx.actor })),
  /** Where the player is signed in: device, address, sign-in and last request (docs/accounts.md). */
  sessions: playerProcedure
    .output(z.array(sessionView))
    .query(({ ctx }) =>
      listSessions(ctx.db, { userId: ctx.actor.userId, currentSessionId: ctx.sessionId }),
    ),
  /** Signs one of the player's sessions out (another device); theirs only. */
  endSession: playerProcedure
    .input(
      z.object({
        sessionId: z
          .string({ error: "sessionId: a session id from account.sessions" })
          .min(1, { error: "sessionId: a session id from account.sessions" })
          .max(100, { error: "sessionId: at most 100 characters" }),
      }),
    )
    .output(ended)
    .mutation(({ ctx, input }) =>
      endSession(ctx.db, { userId: ctx.actor.userId, sessionId: input.sessionId }),
    ),
  /**
   * Signs every other device out; this one stays ("everywhere" is this, then better-auth's
   * sign-out of this one).
   */
  endOtherSessions: playerProcedure
    .output(ended)
    .mutation(({ ctx }) =>
      endOtherSessions(ctx.db, { userId: ctx.actor.userId, keep: ctx.sessionId }),
    ),
});
