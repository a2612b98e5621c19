export { createAuth, type Auth, type CreateAuthOptions, type GuestUpgrade } from "./auth";
export { resolveActor, resolveCaller, type Actor, type ActorKind, type Caller } from "./actor";
export { demoAccounts, seedDemoAccounts, seedDemoAccountsAt, type DemoAccount } from "./demo";
export {
  createPartnerKey,
  createPartnerKeyCache,
  LAST_USE_EVERY_SECONDS,
  listPartnerKeys,
  partnerKeyScopes,
  revokePartnerKey,
  verifyPartnerKey,
  type PartnerKeyScope,
  type PartnerKeyVerifier,
  type PartnerKeyView,
  type VerifiedPartnerKey,
} from "./partner-keys";
export { isRoleName, roleNames, type RoleName } from "./roles";
export { staffSignInActions } from "./staff-audit";
export { toNodeHandler, fromNodeHeaders } from "better-auth/node";
export { developmentSecret } from "./secret";
export { defaultSignInLimits, type SignInLimits } from "./sign-in-defences";
export { createThrottle, type Throttle, type ThrottleRule } from "./throttle";
export { passwordProblem, MIN_PASSWORD_LENGTH } from "./password-policy";
export { withoutEndedSession } from "./session";
