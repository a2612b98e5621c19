import type { PartnerKeyView } from "@fuda/auth";

/** A partner key as callers see it: dates as ISO 8601 strings, never the key or its hash. */
export function toPartnerKeyJson(key: PartnerKeyView) {
  return {
    ...key,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}
