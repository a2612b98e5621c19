import type { Metadata } from "next";
import type { ReactNode } from "react";

import "@fuda/ui/base.css";
import "./globals.css";

export const metadata: Metadata = {
  title: "Fuda Operators · Tables",
  description: "Operator portal: table configuration and service health.",
  robots: { index: false, follow: false },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
