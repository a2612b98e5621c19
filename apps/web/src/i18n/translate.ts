/** next-intl's `t` as plain functions take it: words chosen outside a component are tested without one. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;
