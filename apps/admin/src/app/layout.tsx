import type { Metadata } from "next";
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

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <PortalShell>{children}</PortalShell>
        <HydrationMark />
      </body>
    </html>
  );
}
