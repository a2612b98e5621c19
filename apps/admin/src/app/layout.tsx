import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";

import { HydrationMark } from "@fuda/ui";

import { PortalShell } from "~/components/portal-shell";

import "@fuda/ui/base.css";
import "./globals.css";

export const metadata: Metadata = {
  title: "Fuda Operators",
  description: "Operator portal: tables, rounds, players, returns and the audit log.",
  robots: { index: false, follow: false },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request, never prerendered: Next puts the request's CSP nonce on its scripts
  // (src/proxy.ts), and a page built ahead of time has none.
  await connection();
  return (
    <html lang="en">
      <body>
        <PortalShell>{children}</PortalShell>
        <HydrationMark />
      </body>
    </html>
  );
}
