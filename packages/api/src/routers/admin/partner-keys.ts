import { createPartnerKey, listPartnerKeys, revokePartnerKey } from "@fuda/auth";

import { toPartnerKeyJson } from "../../domain/partner-keys";
import { FudaError } from "../../errors";
import { adminProcedure, router } from "../../trpc";
import {
  createPartnerKeyInput,
  listPartnerKeysInput,
  revokePartnerKeyInput,
} from "./partner-keys.schemas";

export const partnerKeysRouter = router({
  /** A new key; `key` is shown this once and stored only as a hash. */
  create: adminProcedure.input(createPartnerKeyInput).mutation(async ({ ctx, input }) => {
    const { key, partnerKey } = await createPartnerKey({
      db: ctx.db,
      ...input,
      createdBy: ctx.actor.userId,
    });
    return { key, partnerKey: toPartnerKeyJson(partnerKey) };
  }),
  list: adminProcedure.input(listPartnerKeysInput).query(async ({ ctx, input }) => ({
    keys: (await listPartnerKeys({ db: ctx.db, partnerId: input?.partnerId })).map(
      toPartnerKeyJson,
    ),
  })),
  revoke: adminProcedure.input(revokePartnerKeyInput).mutation(async ({ ctx, input }) => {
    const revoked = await revokePartnerKey({ db: ctx.db, id: input.id });
    if (revoked === undefined) {
      throw new FudaError("NOT_FOUND", `id: no partner key ${input.id}`, { field: "id" });
    }
    return toPartnerKeyJson(revoked);
  }),
});
