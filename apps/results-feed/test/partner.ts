import { randomUUID } from "node:crypto";

import { createPartnerKey } from "@fuda/auth";
import type { Db } from "@fuda/db";

/** A new live `feed:read` key, made by a new admin as the admin portal makes them. */
export async function newPartnerKey(db: Db, partnerId = "acme-stats") {
  const admin = await db.user.create({
    data: {
      id: `admin-${randomUUID()}`,
      name: "Admin",
      email: `${randomUUID()}@x.io`,
      role: "admin",
    },
  });
  return createPartnerKey({
    db,
    partnerId,
    name: "feed",
    scopes: ["feed:read"],
    createdBy: admin.id,
  });
}
