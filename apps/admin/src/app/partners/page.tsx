"use client";

import { useCallback, useEffect, useState } from "react";

import type { RouterOutputs } from "@fuda/api";
import { formatTimestamp } from "@fuda/ui";

import { DataTable } from "~/components/data-table";
import styles from "~/components/ops-page.module.css";
import { WebhooksAdmin } from "~/components/webhooks-admin";
import type { Answer } from "~/procedures";
import { mutateProcedure, problemOf, queryProcedure } from "~/procedures";

type Keys = RouterOutputs["admin"]["partnerKeys"]["list"];
type Created = RouterOutputs["admin"]["partnerKeys"]["create"];
type PartnerKey = Keys["keys"][number];

/** The scopes a key may have (@fuda/auth's partnerKeyScopes; the API refuses any other). */
const SCOPES = ["feed:read"] as const;

const loadKeys = () => queryProcedure<Keys>("admin.partnerKeys.list", undefined);

export default function PartnersPage() {
  const [keys, setKeys] = useState<PartnerKey[]>([]);
  const [partnerId, setPartnerId] = useState("");
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>(["feed:read"]);
  const [created, setCreated] = useState<Created | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const showKeys = useCallback((answer: Answer<Keys>) => {
    if (answer.ok) setKeys(answer.data.keys);
    else setProblem(problemOf(answer));
  }, []);
  const refresh = async () => {
    showKeys(await loadKeys());
  };

  useEffect(() => {
    void loadKeys().then(showKeys);
  }, [showKeys]);

  async function create(event: { preventDefault(): void }) {
    event.preventDefault();
    setBusy(true);
    const answer = await mutateProcedure<Created>("admin.partnerKeys.create", {
      partnerId,
      name,
      scopes,
    });
    setBusy(false);
    if (!answer.ok) {
      setProblem(problemOf(answer));
      return;
    }
    setProblem(null);
    setCreated(answer.data);
    setName("");
    await refresh();
  }

  async function revoke(key: PartnerKey) {
    if (!window.confirm(`Revoke "${key.name}" (${key.start}…)? The partner is refused at once.`)) {
      return;
    }
    const answer = await mutateProcedure<PartnerKey>("admin.partnerKeys.revoke", { id: key.id });
    if (!answer.ok) {
      setProblem(problemOf(answer));
      return;
    }
    setProblem(null);
    await refresh();
  }

  const toggleScope = (scope: string, on: boolean) => {
    setScopes((current) =>
      on ? [...new Set([...current, scope])] : current.filter((s) => s !== scope),
    );
  };

  return (
    <main className={styles.main}>
      <div className={styles.heading}>
        <h1>Partners</h1>
        <p className={styles.lead}>
          API keys for the results feed. A key is shown once, when it is created; only its first
          characters are kept in clear.
        </p>
      </div>
      <form className={styles.form} onSubmit={(event) => void create(event)}>
        <label className={styles.field}>
          Partner id
          <input
            name="partnerId"
            value={partnerId}
            placeholder="acme-stats"
            onChange={(event) => {
              setPartnerId(event.target.value);
            }}
          />
        </label>
        <label className={styles.field}>
          Key name
          <input
            name="name"
            value={name}
            placeholder="Acme stats feed"
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
        </label>
        <fieldset className={styles.field} style={{ border: 0, margin: 0, padding: 0 }}>
          <legend>Scopes</legend>
          <span className={styles.checks}>
            {SCOPES.map((scope) => (
              <label key={scope}>
                <input
                  type="checkbox"
                  name="scope"
                  value={scope}
                  checked={scopes.includes(scope)}
                  onChange={(event) => {
                    toggleScope(scope, event.target.checked);
                  }}
                />{" "}
                <code>{scope}</code>
              </label>
            ))}
          </span>
        </fieldset>
        <button type="submit" className={styles.button} disabled={busy}>
          {busy ? "Creating…" : "Create key"}
        </button>
      </form>
      {problem !== null && (
        <p className={styles.problem} role="alert" data-testid="problem">
          {problem}
        </p>
      )}
      {created !== null && (
        <div className={styles.notice} data-testid="new-key">
          <p>
            The key of <strong>{created.partnerKey.name}</strong> for{" "}
            <code>{created.partnerKey.partnerId}</code>. Copy it now: it will not be shown again.
          </p>
          <code className={styles.key} data-testid="new-key-value">
            {created.key}
          </code>
          <p className={styles.note}>
            The partner sends it as <code>Authorization: Bearer &lt;key&gt;</code>.{" "}
            <button
              type="button"
              className={styles.quiet}
              onClick={() => {
                setCreated(null);
              }}
            >
              Done
            </button>
          </p>
        </div>
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
                <button type="button" className={styles.danger} onClick={() => void revoke(key)}>
                  Revoke
                </button>
              )}
            </td>
          </tr>
        ))}
        empty="No keys yet."
      />
      <WebhooksAdmin />
    </main>
  );
}
