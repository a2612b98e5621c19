import { randomUUID } from "node:crypto";

import { createPartnerKey } from "@fuda/auth";
import type { Db } from "@fuda/db";

/** A new member of staff (an operator or an admin), as the portal's actions need one. */
export function newStaff(db: Db, role: "operator" | "admin") {
  return db.user.create({
    data: { id: `${role}-${randomUUID()}`, name: role, email: `${randomUUID()}@x.io`, role },
  });
}

/** A new live `feed:read` key, made by a new admin as the admin portal makes them. */
export async function newPartnerKey(db: Db, partnerId = "acme-stats") {
  const admin = await newStaff(db, "admin");
  return createPartnerKey({
    db,
    partnerId,
    name: "feed",
    scopes: ["feed:read"],
    createdBy: admin.id,
  });
}
