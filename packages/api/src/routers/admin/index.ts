import { router } from "../../trpc";
import { monitorRouter } from "./monitor";
import { partnerKeysRouter } from "./partner-keys";
import { returnsRouter } from "./returns";
import { roundsRouter } from "./rounds";

/** Everything operators and admins do, so its authorization is visible in one place. */
export const adminRouter = router({
  monitor: monitorRouter,
  partnerKeys: partnerKeysRouter,
  returns: returnsRouter,
  rounds: roundsRouter,
});
