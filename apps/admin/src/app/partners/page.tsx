"use client";

import { useState } from "react";

import type { RouterOutputs } from "@fuda/api";
import { formatTimestamp } from "@fuda/ui";

import { useConfirm } from "~/components/confirm-dialog";
import { DataTable } from "~/components/data-table";
import styles from "~/components/ops-page.module.css";
import { CheckList, Problem, ShownOnce, TextField } from "~/components/partner-parts";
import { useListed } from "~/components/use-listed";
import { WebhooksAdmin } from "~/components/webhooks-admin";
import { relayApi } from "~/procedures";

type Keys = RouterOutputs["admin"]["partnerKeys"]["list"];
type Created = RouterOutputs["admin"]["partnerKeys"]["create"];
type PartnerKey = Keys["keys"][number];

/** The scopes a key may have (@fuda/auth's partnerKeyScopes; the API refuses any other). */
const SCOPES = ["feed:read"] as const;

export default function PartnersPage() {
  const {
    items: keys,
    problem,
    change,
    forbidden,
  } = useListed(() => relayApi.admin.partnerKeys.list.query(), "keys");
  const [partnerId, setPartnerId] = useState("");
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<(typeof SCOPES)[number][]>(["feed:read"]);
  const [created, setCreated] = useState<Created | null>(null);
  const [busy, setBusy] = useState(false);
  const { ask, dialog } = useConfirm();

  async function create(event: { preventDefault(): void }) {
    event.preventDefault();
    setBusy(true);
    const made = await change(
      relayApi.admin.partnerKeys.create.mutate({ partnerId, name, scopes }),
    );
    setBusy(false);
    if (made === undefined) return;
    setCreated(made);
    setName("");
  }

  async function revoke(key: PartnerKey) {
    const revoking = await ask({
      title: `Revoke the key "${key.name}" (${key.start}…)?`,
      body: "The partner's feed requests with it are refused at once; a new key is needed to read the feed again.",
      confirm: "Revoke key",
      danger: true,
    });
    if (!revoking) return;
    await change(relayApi.admin.partnerKeys.revoke.mutate({ id: key.id }));
  }

  return (
    <main className={styles.main}>
      <div className={styles.heading}>
        <h1>Partners</h1>
        <p className={styles.lead}>
          API keys for the results feed. A key is shown once, when it is created; only its first
          characters are kept in clear.
        </p>
      </div>
      {forbidden ? (
        <p className={styles.lead} data-testid="keys-admins-only">
          API keys are issued and revoked by admins: sign in with an admin account to manage them.
          Webhook endpoints (below) are yours to register.
        </p>
      ) : (
        <>
          <form className={styles.form} onSubmit={(event) => void create(event)}>
            <TextField
              label="Partner id"
              name="partnerId"
              value={partnerId}
              placeholder="acme-stats"
              onChange={setPartnerId}
            />
            <TextField
              label="Key name"
              name="name"
              value={name}
              placeholder="Acme stats feed"
              onChange={setName}
            />
            <CheckList
              legend="Scopes"
              name="scope"
              options={SCOPES}
              checked={scopes}
              onChange={setScopes}
            />
            <button type="submit" className={styles.button} disabled={busy}>
              {busy ? "Creating…" : "Create key"}
            </button>
          </form>
          <Problem problem={problem} testId="problem" />
          {created !== null && (
            <ShownOnce
              testId="new-key"
              value={created.key}
              about={
                <>
                  The key of <strong>{created.partnerKey.name}</strong> for{" "}
                  <code>{created.partnerKey.partnerId}</code>.
                </>
              }
              use={
                <>
                  The partner sends it as <code>Authorization: Bearer &lt;key&gt;</code>.
                </>
              }
              onDone={() => {
                setCreated(null);
              }}
            />
          )}
          <DataTable
            testId="partner-keys"
            columns={["Partner", "Name", "Key", "Scopes", "Created", "Last used", "Status", ""]}
            rows={keys.map((key) => (
              <tr key={key.id} data-testid="partner-key" data-id={key.id} data-start={key.start}>
                <td>
                  <code>{key.partnerId}</code>
                </td>
                <td>{key.name}</td>
                <td>
                  <code>{key.start}…</code>
                </td>
                <td>{key.scopes.join(", ")}</td>
                <td>{formatTimestamp(key.createdAt)}</td>
                <td>{key.lastUsedAt === null ? "never" : formatTimestamp(key.lastUsedAt)}</td>
                <td data-testid="key-status">
                  {key.revokedAt === null ? (
                    <span className={styles.ok}>active</span>
                  ) : (
                    <span className={styles.flag}>revoked {formatTimestamp(key.revokedAt)}</span>
                  )}
                </td>
                <td>
                  {key.revokedAt === null && (
                    <button
                      type="button"
                      className={styles.danger}
                      onClick={() => void revoke(key)}
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
            empty="No keys yet."
          />
        </>
      )}
      <WebhooksAdmin />
      {dialog}
    </main>
  );
}
