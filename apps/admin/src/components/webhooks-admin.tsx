"use client";

import { useState } from "react";

import type { RouterOutputs } from "@fuda/api";
import { WEBHOOK_EVENT_TYPES } from "@fuda/live/webhook-events";
import type { WebhookEventType } from "@fuda/live/webhook-events";
import { formatTimestamp } from "@fuda/ui";

import { useConfirm } from "~/components/confirm-dialog";
import { DataTable } from "~/components/data-table";
import styles from "~/components/ops-page.module.css";
import { CheckList, Problem, ShownOnce, TextField } from "~/components/partner-parts";
import { useListed } from "~/components/use-listed";
import { answered, problemOf, relayApi } from "~/procedures";

type Endpoints = RouterOutputs["admin"]["webhooks"]["list"];
type Endpoint = Endpoints["endpoints"][number];
type Created = RouterOutputs["admin"]["webhooks"]["create"];
type Deliveries = RouterOutputs["admin"]["webhooks"]["deliveries"];

/** The form's fields, by the names the API's refusals give them. */
const FIELDS = ["partnerId", "url", "events"] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string | undefined): name is Field => FIELDS.some((field) => field === name);

/**
 * A refusal's broken rules by the form field each names ("partnerId: …; url: …" holds two,
 * `events.0: …` is the events' list), or undefined when one names none of them: a problem for
 * the banner (the game API away, a role refused).
 */
function byField(message: string): Partial<Record<Field, string>> | undefined {
  const refusals: Partial<Record<Field, string>> = {};
  for (const rule of message.split(/; (?=[\w.]+: )/)) {
    const field = /^(\w+)[\w.]*: /.exec(rule)?.[1];
    if (!isField(field)) return undefined;
    refusals[field] = refusals[field] === undefined ? rule : `${refusals[field]}; ${rule}`;
  }
  return refusals;
}

/**
 * Partners' webhook endpoints (docs/feed.md, Webhooks): register one (its signing secret shown
 * once), revoke it, and read its delivery log with every attempt.
 */
export function WebhooksAdmin() {
  const {
    items: endpoints,
    problem,
    setProblem,
    change,
  } = useListed(() => relayApi.admin.webhooks.list.query(), "endpoints");
  const [partnerId, setPartnerId] = useState("");
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [created, setCreated] = useState<Created | null>(null);
  const [log, setLog] = useState<Deliveries | null>(null);
  const [busy, setBusy] = useState(false);
  /** The last registration's refusal, beside the fields it names. */
  const [refused, setRefused] = useState<Partial<Record<Field, string>>>({});
  const { ask, dialog } = useConfirm();

  async function create(event: { preventDefault(): void }) {
    event.preventDefault();
    setBusy(true);
    setRefused({});
    const made = await change(
      relayApi.admin.webhooks.create.mutate({ partnerId, url, events }),
      (refusal) => {
        const fields = byField(problemOf(refusal));
        if (fields !== undefined) setRefused(fields);
        return fields !== undefined;
      },
    );
    setBusy(false);
    if (made === undefined) return;
    setCreated(made);
    setUrl("");
  }

  async function revoke(endpoint: Endpoint) {
    const revoking = await ask({
      title: `Revoke the webhook to ${endpoint.url}?`,
      body: "Nothing more is sent to it: deliveries still being retried stop too. To receive events again the partner needs a new endpoint.",
      confirm: "Revoke webhook",
      danger: true,
    });
    if (!revoking) return;
    await change(relayApi.admin.webhooks.revoke.mutate({ id: endpoint.id }));
  }

  async function showLog(endpointId: string) {
    const answer = await answered(relayApi.admin.webhooks.deliveries.query({ endpointId }));
    if (!answer.ok) {
      setProblem(problemOf(answer));
      return;
    }
    setProblem(null);
    setLog(answer.data);
  }

  return (
    <section style={{ display: "grid", gap: 18 }} data-testid="webhooks">
      <div className={styles.heading}>
        <h2>Webhooks</h2>
        <p className={styles.lead}>
          Endpoints the results feed POSTs <code>round.settled</code>, <code>round.voided</code> and{" "}
          <code>shoe.revealed</code> to, signed with the endpoint&apos;s secret (shown once),
          retried for 24 h until acknowledged.
        </p>
      </div>
      <form className={styles.fieldsForm} onSubmit={(event) => void create(event)}>
        <TextField
          label="Partner id"
          name="webhookPartnerId"
          value={partnerId}
          placeholder="acme-stats"
          onChange={setPartnerId}
          problem={refused.partnerId}
        />
        <TextField
          label="URL"
          name="webhookUrl"
          value={url}
          placeholder="https://hooks.acme.example/fuda"
          onChange={setUrl}
          problem={refused.url}
        />
        <CheckList
          legend="Events"
          name="webhookEvent"
          options={WEBHOOK_EVENT_TYPES}
          checked={events}
          onChange={setEvents}
          problem={refused.events}
        />
        <button type="submit" className={styles.button} disabled={busy}>
          {busy ? "Registering…" : "Register endpoint"}
        </button>
      </form>
      <Problem problem={problem} testId="webhook-problem" />
      {created !== null && (
        <ShownOnce
          testId="new-webhook"
          value={created.secret}
          about={
            <>
              The signing secret of <code>{created.endpoint.url}</code>.
            </>
          }
          use={
            <>
              The partner checks <code>Fuda-Webhook-Signature</code> with it (docs/feed.md).
            </>
          }
          onDone={() => {
            setCreated(null);
          }}
        />
      )}
      <DataTable
        testId="webhook-endpoints"
        columns={["Partner", "URL", "Events", "Created", "Status", ""]}
        rows={endpoints.map((endpoint) => (
          <tr key={endpoint.id} data-testid="webhook-endpoint" data-url={endpoint.url}>
            <td>
              <code>{endpoint.partnerId}</code>
            </td>
            <td>
              <code>{endpoint.url}</code>
            </td>
            <td>{endpoint.events.join(", ")}</td>
            <td>{formatTimestamp(endpoint.createdAt)}</td>
            <td data-testid="webhook-status">
              {endpoint.revokedAt === null ? (
                <span className={styles.ok}>active</span>
              ) : (
                <span className={styles.flag}>revoked {formatTimestamp(endpoint.revokedAt)}</span>
              )}
            </td>
            <td>
              <button
                type="button"
                className={styles.quiet}
                onClick={() => void showLog(endpoint.id)}
              >
                Deliveries
              </button>{" "}
              {endpoint.revokedAt === null && (
                <button
                  type="button"
                  className={styles.danger}
                  onClick={() => void revoke(endpoint)}
                >
                  Revoke
                </button>
              )}
            </td>
          </tr>
        ))}
        empty="No webhook endpoints yet."
      />
      {log !== null && (
        <div className={styles.panel} data-testid="webhook-log">
          <p className={styles.note}>
            Deliveries to <code>{log.endpoint.url}</code>, newest first.{" "}
            <button
              type="button"
              className={styles.quiet}
              onClick={() => void showLog(log.endpoint.id)}
            >
              Refresh
            </button>
          </p>
          <DataTable
            columns={["Event", "Type", "Status", "Attempts", "Next attempt", "Delivered"]}
            rows={log.deliveries.map((delivery) => (
              <tr key={delivery.id} data-testid="webhook-delivery" data-status={delivery.status}>
                <td>
                  <code>{delivery.eventId.slice(0, 8)}</code> {formatTimestamp(delivery.eventAt)}
                </td>
                <td>{delivery.type}</td>
                <td>{delivery.status}</td>
                <td>
                  {delivery.attemptLog.length === 0
                    ? "none yet"
                    : delivery.attemptLog
                        .map(
                          (attempt) =>
                            `${formatTimestamp(attempt.at)}: ${attempt.statusCode ?? attempt.error ?? "?"} (${attempt.durationMs} ms)`,
                        )
                        .join("; ")}
                </td>
                <td>
                  {delivery.nextAttemptAt === null ? "—" : formatTimestamp(delivery.nextAttemptAt)}
                </td>
                <td>
                  {delivery.deliveredAt === null ? "—" : formatTimestamp(delivery.deliveredAt)}
                </td>
              </tr>
            ))}
            empty="Nothing delivered to this endpoint yet."
          />
        </div>
      )}
      {dialog}
    </section>
  );
}
