import { router } from "../../trpc";
import { partnerKeysRouter } from "./partner-keys";

/** Everything operators and admins do, so its authorization is visible in one place. */
export const adminRouter = router({
  partnerKeys: partnerKeysRouter,
});
