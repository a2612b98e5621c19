"use client";

import { NextIntlClientProvider } from "next-intl";
import type { AbstractIntlMessages } from "next-intl";
import type { ReactNode } from "react";

import { MISSING_MARK } from "./missing";

/** The server's messages for client components, with the same visible mark for a missing key. */
export function IntlProvider({
  locale,
  messages,
  children,
}: {
  locale: string;
  messages: AbstractIntlMessages;
  children: ReactNode;
}) {
  return (
    <NextIntlClientProvider
      locale={locale}
      messages={messages}
      timeZone="UTC"
      getMessageFallback={({ namespace, key }) =>
        `${MISSING_MARK}${namespace ? `${namespace}.` : ""}${key}`
      }
      onError={() => undefined}
    >
      {children}
    </NextIntlClientProvider>
  );
}
