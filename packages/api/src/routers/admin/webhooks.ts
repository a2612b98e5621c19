import {
  createWebhookEndpoint,
  listWebhookEndpoints,
  revokeWebhookEndpoint,
  webhookDeliveries,
} from "../../domain/webhook-endpoints";
import { FudaError } from "../../errors";
import { operatorProcedure, router, steppedUpOperatorProcedure } from "../../trpc";
import {
  createWebhookInput,
  listWebhooksInput,
  revokeWebhookInput,
  webhookDeliveriesInput,
} from "./webhooks.schemas";

const noEndpoint = (field: string, id: string) =>
  new FudaError("NOT_FOUND", `${field}: no webhook endpoint ${id}`, { field });

/** Partners' webhook endpoints (docs/feed.md, Webhooks); the results feed delivers to them. */
export const webhooksRouter = router({
  list: operatorProcedure.input(listWebhooksInput).query(async ({ ctx, input }) => ({
    endpoints: await listWebhookEndpoints({ db: ctx.db, partnerId: input?.partnerId }),
  })),
  /**
   * A new endpoint; `secret` (its signing key) is shown this once. Audited, without it. A URL on
   * localhost, a private address or a name resolving to one is BAD_INPUT (`url`, rule
   * `PRIVATE_ADDRESS`) unless allowed.
   */
  create: steppedUpOperatorProcedure.input(createWebhookInput).mutation(({ ctx, input }) =>
    createWebhookEndpoint({
      db: ctx.db,
      actorId: ctx.actor.userId,
      privateTargets: ctx.webhookPrivateTargets,
      ...input,
    }),
  ),
  /** Nothing more is sent to it; its pending deliveries fail. Audited, before and after. */
  revoke: operatorProcedure.input(revokeWebhookInput).mutation(async ({ ctx, input }) => {
    const revoked = await revokeWebhookEndpoint({
      db: ctx.db,
      actorId: ctx.actor.userId,
      id: input.id,
    });
    if (revoked === undefined) throw noEndpoint("id", input.id);
    return revoked;
  }),
  /** The endpoint's delivery log, newest first, with every attempt. */
  deliveries: operatorProcedure.input(webhookDeliveriesInput).query(async ({ ctx, input }) => {
    const log = await webhookDeliveries({ db: ctx.db, ...input });
    if (log === undefined) throw noEndpoint("endpointId", input.endpointId);
    return log;
  }),
});
