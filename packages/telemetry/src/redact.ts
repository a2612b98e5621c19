/**
 * What never reaches a log: values under these keys, at the top of a line and up to three
 * levels down, and, in any text, what looks like an e-mail address, a bearer token (partners' API keys
 * travel as one), a session cookie or a `password=` pair. docs/operations.md, Logs.
 */
export const SECRET_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "secret",
  "token",
  "apiKey",
  "key",
  "authorization",
  "cookie",
  "set-cookie",
  "email",
  "code",
  "backupCodes",
  "totpURI",
];

/** The keys above, for the logger's walk over each line (logger.ts). */
export const SECRET_KEY_SET: ReadonlySet<string> = new Set(SECRET_KEYS);

const TEXT_SECRETS: [RegExp, string][] = [
  // A top-level domain of letters: `pkg@1.2.3` in a stack trace is no address.
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g, "[email]"],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, "$1 [redacted]"],
  [/\b(password|secret|token|api[_-]?key)=[^\s&"]+/gi, "$1=[redacted]"],
  [/\b([\w.-]*session_token|__Secure-[\w.-]+)=[^\s;"]+/gi, "$1=[redacted]"],
];

/** `text` with every secret the patterns above know replaced by a marker. */
export function scrubText(text: string): string {
  let scrubbed = text;
  for (const [pattern, marker] of TEXT_SECRETS) scrubbed = scrubbed.replace(pattern, marker);
  return scrubbed;
}
