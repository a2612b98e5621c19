"use client";

import { usePathname, useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { useEffect, useState } from "react";

import type { Account } from "~/auth-client";
import { signOut, whoAmI } from "~/auth-client";

import styles from "./portal-shell.module.css";
import { StepUpDialog } from "./step-up-dialog";

/** The portal's sections; each page is its own route. */
export const SECTIONS = [
  { href: "/", label: "Tables" },
  { href: "/monitor", label: "Monitor" },
  { href: "/chat", label: "Chat" },
  { href: "/rounds", label: "Rounds" },
  { href: "/players", label: "Players" },
  { href: "/returns", label: "Returns" },
  { href: "/partners", label: "Partners" },
  { href: "/audit", label: "Audit" },
  { href: "/dealers", label: "Dealers" },
] as const;

/** A dealer's part of the portal: the studio consoles of their tables (docs/studio.md). */
const STUDIO = "/studio";
const DEALER_SECTIONS = [{ href: STUDIO, label: "Studio" }] as const;

const SIGN_IN = "/sign-in";
/** Two-factor enrolment (app/enrol), where src/proxy.ts sends staff who have not enrolled. */
const ENROL = "/enrol";

const isCurrent = (pathname: string, href: string) =>
  href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);

/**
 * Every page but the sign-in and enrolment pages is for a signed-in operator: anyone else is sent
 * to sign in, and staff who have not enrolled two-factor sign-in to enrol (src/proxy.ts sends them
 * before a page renders; this catches a session that changes while a page is open). The game API
 * refuses a player's session on every `admin.*` procedure anyway; this keeps the pages from
 * showing to them at all.
 */
export function PortalShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const router = useRouter();
  // "unreachable": the game API did not say who this is; the page says what is down.
  const [account, setAccount] = useState<Account | "unreachable" | null>(null);
  // The sign-in and enrolment pages stand alone, without the portal around them.
  const signingIn = pathname === SIGN_IN || pathname === ENROL;

  useEffect(() => {
    if (signingIn) return;
    let live = true;
    void whoAmI().then((me) => {
      if (!live) return;
      if (me === null) setAccount("unreachable");
      else if (me.actor.kind === "operator") setAccount(me);
      else if (me.actor.kind === "dealer") {
        // A dealer sees the studio alone; the game API refuses them everything else anyway.
        setAccount(me);
        if (!isCurrent(pathname, STUDIO)) router.replace(STUDIO);
      } else if (me.actor.kind === "enrolling") router.replace(ENROL);
      else router.replace(SIGN_IN);
    });
    return () => {
      live = false;
    };
  }, [signingIn, router, pathname]);

  if (signingIn) return <>{children}</>;
  const me = account === "unreachable" ? null : account;
  const dealer = me?.actor.kind === "dealer";
  const sections = dealer ? DEALER_SECTIONS : SECTIONS;
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
            {sections.map((section) => (
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
            {dealer && <span className={styles.role}>dealer</span>}
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
      {typeof me?.user?.email === "string" && <StepUpDialog email={me.user.email} />}
      {account === null || (dealer && !isCurrent(pathname, STUDIO)) ? (
        <main className={styles.main} aria-busy="true" />
      ) : (
        <div data-testid="portal">{children}</div>
      )}
    </>
  );
}
