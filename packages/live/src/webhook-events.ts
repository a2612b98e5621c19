/**
 * The events partners can subscribe to (docs/feed.md, Webhooks). A module of its own, with no
 * imports, so the operators' portal can show the list in the browser.
 */
export const WEBHOOK_EVENT_TYPES = ["round.settled", "round.voided", "shoe.revealed"] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
