import type { Metadata, Viewport } from "next";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { cookies } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";

import { HydrationMark } from "@fuda/ui";

import "@fuda/ui/base.css";
import "./globals.css";

import { loadAccount } from "~/account";
import { AccountProvider } from "~/components/account-context";
import { env } from "~/env";
import { IntlProvider } from "~/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("lobby");
  return { title: `Fuda · ${t("title")}` };
}

export const viewport: Viewport = { themeColor: "#0b1411", colorScheme: "dark" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request, never prerendered: Next puts the request's CSP nonce on its scripts
  // (src/proxy.ts), and a page built ahead of time has none.
  await connection();
  const locale = await getLocale();
  // A request without cookies (every render of a kept page, docs/performance.md) leaves the
  // account to the browser; a visitor's own request renders it at once.
  const account = (await cookies()).size === 0 ? undefined : await loadAccount(env.GAME_API_URL);
  return (
    <html lang={locale}>
      <body>
        <IntlProvider locale={locale} messages={await getMessages()}>
          <AccountProvider initial={account}>{children}</AccountProvider>
        </IntlProvider>
        <HydrationMark />
      </body>
    </html>
  );
}
