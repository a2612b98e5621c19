import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

import "@fuda/ui/base.css";
import "./globals.css";

export const metadata: Metadata = {
  title: "Fuda · Live lobby",
  description: "Live baccarat, Pok Deng and Joker blackjack tables.",
};

export const viewport: Viewport = { themeColor: "#0b1411", colorScheme: "dark" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
