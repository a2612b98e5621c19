import { router } from "../../trpc";
import { auditRouter } from "./audit";
import { chatRouter } from "./chat";
import { dealersRouter } from "./dealers";
import { monitorRouter } from "./monitor";
import { partnerKeysRouter } from "./partner-keys";
import { playersRouter } from "./players";
import { returnsRouter } from "./returns";
import { roundsRouter } from "./rounds";
import { tablesRouter } from "./tables";
import { webhooksRouter } from "./webhooks";

/** Everything operators and admins do, so its authorization is visible in one place. */
export const adminRouter = router({
  chat: chatRouter,
  dealers: dealersRouter,
  monitor: monitorRouter,
  partnerKeys: partnerKeysRouter,
  players: playersRouter,
  returns: returnsRouter,
  rounds: roundsRouter,
  tables: tablesRouter,
  audit: auditRouter,
  webhooks: webhooksRouter,
});
