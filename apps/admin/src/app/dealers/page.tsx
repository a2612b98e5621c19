"use client";

import { useEffect, useState } from "react";

import type { RouterOutputs } from "@fuda/api";
import { formatTimestamp } from "@fuda/ui";

import { DataTable } from "~/components/data-table";
import styles from "~/components/ops-page.module.css";
import { Problem, TextField } from "~/components/partner-parts";
import { useListed } from "~/components/use-listed";
import { answered, relayApi } from "~/procedures";

type Dealer = RouterOutputs["admin"]["dealers"]["list"]["dealers"][number];
type Table = RouterOutputs["admin"]["tables"]["list"][number];

/**
 * Dealers (docs/studio.md, Roles): the accounts that deal studio tables, and which tables each
 * may deal. Admins make them (better-auth's admin endpoint, `role: "dealer"`), assign and disable
 * them; operators see them.
 */
export default function DealersPage() {
  const {
    items: dealers,
    problem,
    change,
    forbidden,
  } = useListed(() => relayApi.admin.dealers.list.query(), "dealers");
  const [tables, setTables] = useState<Table[]>([]);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const [creating, setCreating] = useState<string | null>(null);

  useEffect(() => {
    void answered(relayApi.admin.tables.list.query()).then((answer) => {
      if (answer.ok) setTables(answer.data);
    });
  }, []);

  async function create(event: { preventDefault(): void }) {
    event.preventDefault();
    setCreating(null);
    const response = await fetch("/api/auth/admin/create-user", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, email, password, role: "dealer" }),
    }).catch(() => null);
    if (!response?.ok) {
      const body = (await response?.json().catch(() => ({}))) as { message?: string } | undefined;
      setCreating(body?.message ?? "The dealer could not be created; only admins create dealers.");
      return;
    }
    setCreated(email);
    setName("");
    setEmail("");
    setPassword("");
    await change(relayApi.admin.dealers.list.query());
  }

  const assign = (dealer: Dealer, tableId: string) =>
    change(relayApi.admin.dealers.assign.mutate({ dealerId: dealer.id, tableId }));
  const unassign = (dealer: Dealer, tableId: string) =>
    change(relayApi.admin.dealers.unassign.mutate({ dealerId: dealer.id, tableId }));
  const toggle = (dealer: Dealer) =>
    change(
      dealer.disabled
        ? relayApi.admin.dealers.enable.mutate({
            dealerId: dealer.id,
            reason: "enabled by an admin",
          })
        : relayApi.admin.dealers.disable.mutate({
            dealerId: dealer.id,
            reason: "disabled by an admin",
          }),
    );

  return (
    <main className={styles.main}>
      <div className={styles.heading}>
        <h1>Dealers</h1>
        <p className={styles.lead}>
          People who deal studio tables from the console. A dealer signs in here and sees only the
          consoles of the tables assigned to them.
        </p>
      </div>
      {!forbidden && (
        <form
          className={styles.form}
          aria-label="New dealer"
          onSubmit={(event) => void create(event)}
        >
          <TextField label="Name" name="name" value={name} placeholder="Mai" onChange={setName} />
          <TextField
            label="Email"
            name="email"
            value={email}
            placeholder="mai@studio.example"
            onChange={setEmail}
          />
          <TextField
            label="Password"
            name="password"
            value={password}
            placeholder="at least 8 characters"
            onChange={setPassword}
          />
          <button type="submit" className={styles.button}>
            Create dealer
          </button>
        </form>
      )}
      <Problem problem={creating} testId="create-problem" />
      {created !== null && (
        <p className={styles.lead} data-testid="dealer-created">
          Dealer {created} created: assign them a table below.
        </p>
      )}
      <Problem problem={problem} testId="problem" />
      <DataTable
        testId="dealers"
        columns={["Dealer", "Email", "Tables", "Assign", "Created", "Status", ""]}
        rows={dealers.map((dealer) => (
          <tr key={dealer.id} data-testid="dealer" data-id={dealer.id}>
            <td>{dealer.name}</td>
            <td>{dealer.email}</td>
            <td>
              {dealer.tables.length === 0
                ? "none"
                : dealer.tables.map((table) => (
                    <span key={table.id}>
                      {table.name}{" "}
                      {!forbidden && (
                        <button
                          type="button"
                          className={styles.danger}
                          aria-label={`Unassign ${table.name}`}
                          onClick={() => void unassign(dealer, table.id)}
                        >
                          ×
                        </button>
                      )}{" "}
                    </span>
                  ))}
            </td>
            <td>
              {!forbidden && (
                <select
                  aria-label={`Assign ${dealer.name} to a table`}
                  value=""
                  onChange={(event) => {
                    if (event.target.value !== "") void assign(dealer, event.target.value);
                  }}
                >
                  <option value="">Assign a table…</option>
                  {tables
                    .filter((table) => !dealer.tables.some((mine) => mine.id === table.id))
                    .map((table) => (
                      <option key={table.id} value={table.id}>
                        {table.name}
                        {table.dealing === "studio" ? " (studio)" : ""}
                      </option>
                    ))}
                </select>
              )}
            </td>
            <td>{formatTimestamp(dealer.createdAt)}</td>
            <td>
              {dealer.disabled ? (
                <span className={styles.flag}>disabled</span>
              ) : (
                <span className={styles.ok}>active</span>
              )}
            </td>
            <td>
              {!forbidden && (
                <button type="button" className={styles.danger} onClick={() => void toggle(dealer)}>
                  {dealer.disabled ? "Enable" : "Disable"}
                </button>
              )}
            </td>
          </tr>
        ))}
        empty="No dealers yet."
      />
    </main>
  );
}
