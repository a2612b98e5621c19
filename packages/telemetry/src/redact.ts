/**
 * What never reaches a log: values under these keys, wherever they are (pino's redaction by
 * path), and, in any text, what looks like an e-mail address, a bearer token (partners' API keys
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

/** pino `redact.paths`: each key at the top and up to three levels down. */
export const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => {
  const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const dotted = name.startsWith("[") ? name : `.${name}`;
  return [name, `*${dotted}`, `*.*${dotted}`, `*.*.*${dotted}`];
});

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
