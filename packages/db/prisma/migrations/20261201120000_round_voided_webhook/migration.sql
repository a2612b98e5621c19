-- Partners may subscribe to `round.voided` too: an operator's void of a settled round is
-- announced to their webhooks (docs/feed.md, Webhooks), as the admin procedures now allow.
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_events_check";
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_events_check"
  CHECK (cardinality("events") > 0
         AND "events" <@ ARRAY['round.settled', 'round.voided', 'shoe.revealed']);
