"use client";

import { usePathname, useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { useEffect, useState } from "react";

import type { Account } from "~/auth-client";
import { signOut, whoAmI } from "~/auth-client";

import styles from "./portal-shell.module.css";

/** The portal's sections; each page is its own route. */
export const SECTIONS = [
  { href: "/", label: "Tables" },
  { href: "/monitor", label: "Monitor" },
  { href: "/rounds", label: "Rounds" },
  { href: "/players", label: "Players" },
  { href: "/returns", label: "Returns" },
  { href: "/partners", label: "Partners" },
  { href: "/audit", label: "Audit" },
] as const;

const SIGN_IN = "/sign-in";

const isCurrent = (pathname: string, href: string) =>
  href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);

/**
 * Every page but the sign-in page is for a signed-in operator: anyone else is sent to sign in.
 * The game API refuses a player's session on every `admin.*` procedure anyway; this keeps the
 * pages from showing to them at all.
 */
export function PortalShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const router = useRouter();
  // "unreachable": the game API did not say who this is; the page says what is down.
  const [account, setAccount] = useState<Account | "unreachable" | null>(null);
  const signingIn = pathname === SIGN_IN;

  useEffect(() => {
    if (signingIn) return;
    let live = true;
    void whoAmI().then((me) => {
      if (!live) return;
      if (me === null) setAccount("unreachable");
      else if (me.actor.kind === "operator") setAccount(me);
      else router.replace(SIGN_IN);
    });
    return () => {
      live = false;
    };
  }, [signingIn, router]);

  if (signingIn) return <>{children}</>;
  const me = account === "unreachable" ? null : account;
  return (
    <>
      <header className={styles.top}>
        <div className={styles.bar}>
          <span className={styles.brand}>
            <span className={styles.mark} aria-hidden>
              F
            </span>
            Fuda <span className={styles.brandSub}>Operators</span>
          </span>
          <nav className={styles.nav} aria-label="Sections">
            {SECTIONS.map((section) => (
              <a
                key={section.href}
                href={section.href}
                aria-current={isCurrent(pathname, section.href) ? "page" : undefined}
              >
                {section.label}
              </a>
            ))}
          </nav>
          <span className={styles.who} data-testid="signed-in-as">
            {me?.user?.email ?? ""}
            {me?.actor.kind === "operator" && <span className={styles.role}>{me.actor.role}</span>}
          </span>
          <button
            type="button"
            className={styles.signOut}
            onClick={() => {
              void signOut().then(() => {
                router.replace(SIGN_IN);
              });
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      {account === null ? (
        <main className={styles.main} aria-busy="true" />
      ) : (
        <div data-testid="portal">{children}</div>
      )}
    </>
  );
}
