/**
 * The password policy (docs/security.md, Sign-in defences), after NIST SP 800-63B: long enough,
 * not too long to hash, not one of the passwords attackers try first, not the account's own
 * e-mail. No rules of character classes: they make passwords harder to remember, not to guess.
 */
import { dictionary } from "@zxcvbn-ts/language-common";

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

export interface PasswordProblem {
  code: "PASSWORD_TOO_SHORT" | "PASSWORD_TOO_LONG" | "PASSWORD_TOO_COMMON";
  message: string;
}

let common: Set<string> | undefined;

/**
 * The ~49,000 most common passwords of leaked lists, ranked, as zxcvbn-ts ships them
 * (`@zxcvbn-ts/language-common`), compared without case. Read on the first check.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].map((word) => word.toLowerCase()));
  return common;
}

/**
 * The e-mail itself, or its local part inside the password ("mai.tanaka2024" for
 * mai.tanaka@…): the first guess of anyone who knows the address. A local part of under 4
 * characters is too short to say the password is built on it.
 */
function ownName(lower: string, email: string | undefined): boolean {
  if (email === undefined) return false;
  const address = email.toLowerCase();
  const local = address.split("@")[0]!;
  return lower.includes(address) || lower === local || (local.length >= 4 && lower.includes(local));
}

/** What is wrong with `password` as a new password for `email`, or undefined when nothing. */
export function passwordProblem(password: unknown, email?: string): PasswordProblem | undefined {
  if (typeof password !== "string") return undefined;
  // Characters as a person counts them (code points), not UTF-16 units.
  const length = Array.from(password).length;
  if (length < MIN_PASSWORD_LENGTH) {
    return {
      code: "PASSWORD_TOO_SHORT",
      message: `password: at least ${MIN_PASSWORD_LENGTH} characters`,
    };
  }
  if (length > MAX_PASSWORD_LENGTH) {
    return {
      code: "PASSWORD_TOO_LONG",
      message: `password: at most ${MAX_PASSWORD_LENGTH} characters`,
    };
  }
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower) || ownName(lower, email)) {
    return {
      code: "PASSWORD_TOO_COMMON",
      message: "password: one of the most common passwords, or your e-mail; choose another",
    };
  }
  return undefined;
}
