import type { Metadata, Viewport } from "next";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";

import "@fuda/ui/base.css";
import "./globals.css";

import { IntlProvider } from "~/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("lobby");
  return { title: `Fuda · ${t("title")}` };
}

export const viewport: Viewport = { themeColor: "#0b1411", colorScheme: "dark" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body>
        <IntlProvider locale={locale} messages={await getMessages()}>
          {children}
        </IntlProvider>
      </body>
    </html>
  );
}
