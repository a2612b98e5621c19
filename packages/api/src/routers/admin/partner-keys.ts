import { listPartnerKeys } from "@fuda/auth";

import {
  createAuditedPartnerKey,
  revokeAuditedPartnerKey,
  toPartnerKeyJson,
} from "../../domain/partner-keys";
import { FudaError } from "../../errors";
import { adminProcedure, router, steppedUpAdminProcedure } from "../../trpc";
import {
  createPartnerKeyInput,
  listPartnerKeysInput,
  revokePartnerKeyInput,
} from "./partner-keys.schemas";

export const partnerKeysRouter = router({
  /** A new key; `key` is shown this once and stored only as a hash. Audited. */
  create: steppedUpAdminProcedure
    .input(createPartnerKeyInput)
    .mutation(({ ctx, input }) =>
      createAuditedPartnerKey({ db: ctx.db, actorId: ctx.actor.userId, ...input }),
    ),
  list: adminProcedure.input(listPartnerKeysInput).query(async ({ ctx, input }) => ({
    keys: (await listPartnerKeys({ db: ctx.db, partnerId: input?.partnerId })).map(
      toPartnerKeyJson,
    ),
  })),
  /** Audited, with the key before and after. */
  revoke: adminProcedure.input(revokePartnerKeyInput).mutation(async ({ ctx, input }) => {
    const revoked = await revokeAuditedPartnerKey({
      db: ctx.db,
      actorId: ctx.actor.userId,
      id: input.id,
    });
    if (revoked === undefined) {
      throw new FudaError("NOT_FOUND", `id: no partner key ${input.id}`, { field: "id" });
    }
    return revoked;
  }),
});
