import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";

/** Every role an account can have; a new account is a player. */
export const roleNames = ["player", "operator", "admin", "dealer"] as const;
export type RoleName = (typeof roleNames)[number];

export function isRoleName(value: unknown): value is RoleName {
  return roleNames.includes(value as RoleName);
}

const accessControl = createAccessControl(defaultStatements);

/**
 * better-auth's admin plugin endpoints (/api/auth/admin/*: create users, set roles, ban) are for
 * admins only. Operators run the floor through our own procedures, so they get none of them:
 * an operator can never promote themselves.
 */
export const adminPluginRoles = {
  player: accessControl.newRole({}),
  operator: accessControl.newRole({}),
  // A dealer deals at the studio console of the tables an admin assigns (docs/studio.md).
  dealer: accessControl.newRole({}),
  admin: adminAc,
};
