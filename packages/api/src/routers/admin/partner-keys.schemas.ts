import { z } from "zod";

import { partnerKeyScopes } from "@fuda/auth";

export const partnerIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, {
  error: "partnerId: 2 to 63 lowercase letters, digits or dashes, starting with a letter or digit",
});

export const createPartnerKeyInput = z.object({
  partnerId: partnerIdSchema,
  name: z
    .string()
    .trim()
    .min(1, { error: "name: required" })
    .max(100, { error: "name: at most 100 characters" }),
  scopes: z
    .array(
      z.enum(partnerKeyScopes, { error: `scopes: each one of ${partnerKeyScopes.join(", ")}` }),
    )
    .min(1, { error: "scopes: at least one" })
    .default(["feed:read"]),
});

export const listPartnerKeysInput = z.object({ partnerId: partnerIdSchema.optional() }).optional();

export const revokePartnerKeyInput = z.object({
  id: z.uuid({ error: "id: must be a partner key id (a UUID)" }),
});
