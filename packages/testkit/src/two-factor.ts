/**
 * Staff two-factor sign-in for tests (docs/security.md, Staff accounts): TOTP codes computed as an
 * authenticator app computes them, and the accounts endpoints' flow — enrol (enable, then a code)
 * and sign in (the password, then a code when asked) — over any way of POSTing to /api/auth.
 */
import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** The base32 secret of an `otpauth://totp/…?secret=…` URI (what /two-factor/enable answers). */
export function totpSecretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret");
  if (secret === null || secret === "") throw new Error(`no secret in ${totpURI}`);
  return secret;
}

function base32Bytes(secret: string): Buffer {
  let bits = "";
  for (const letter of secret.toUpperCase().replace(/=+$/, "")) {
    const value = BASE32.indexOf(letter);
    if (value < 0) throw new Error(`not base32: ${secret}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/**
 * The 6-digit code at `at` (ms) of a base32 secret or an otpauth URI: RFC 6238 with its defaults
 * (HMAC-SHA1, 30-second steps), written from the RFC rather than with better-auth's own code, so
 * a URI a phone could not use fails here too.
 */
export function totpCode(secretOrUri: string, at = Date.now()): string {
  const secret = secretOrUri.startsWith("otpauth:") ? totpSecretOf(secretOrUri) : secretOrUri;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 1_000_000).padStart(6, "0");
}

/** A POST to `/api/auth/<path>` by whichever browser a test has, keeping its cookies. */
export type AuthPost = (path: string, body: unknown) => Promise<{ status: number; body: unknown }>;

async function expectOk(
  post: AuthPost,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const reply = await post(path, body);
  if (reply.status !== 200) {
    throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return reply.body as Record<string, unknown>;
}

/**
 * Enrols the signed-in (enrolling) staff member of `post`'s browser as the portal's /enrol page
 * does: the password, then the first code of the new secret. Their authenticator's URI.
 */
export async function enrolTwoFactor(post: AuthPost, password: string): Promise<string> {
  const { totpURI } = await expectOk(post, "two-factor/enable", { password });
  if (typeof totpURI !== "string") throw new Error("two-factor/enable: no totpURI");
  await expectOk(post, "two-factor/verify-totp", { code: totpCode(totpURI) });
  return totpURI;
}

/**
 * Signs `post`'s browser in as a staff member: the password, then, asked for it, the code of
 * `totpURI`; without `totpURI` (not enrolled yet) they are enrolled on the way. Their
 * authenticator's URI.
 */
export async function signInStaff(
  post: AuthPost,
  { email, password, totpURI }: { email: string; password: string; totpURI?: string },
): Promise<string> {
  const signedIn = await expectOk(post, "sign-in/email", { email, password });
  if (signedIn.twoFactorRedirect !== true) return enrolTwoFactor(post, password);
  if (totpURI === undefined) throw new Error(`${email} is enrolled: their totpURI is needed`);
  await expectOk(post, "two-factor/verify-totp", { code: totpCode(totpURI) });
  return totpURI;
}

/**
 * A browser's cookies for `baseUrl`'s /api/auth, kept across calls as a browser keeps them, and
 * sent with `origin` (better-auth refuses cookie-carrying requests of origins it does not trust).
 * `send` answers a request: over HTTP by default, or straight to better-auth's `auth.handler`.
 */
export function authClient(
  baseUrl: string,
  origin: string,
  send: (request: Request) => Promise<Response> = fetch,
) {
  const cookies = new Map<string, string>();
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const post: AuthPost = async (path, body) => {
    const response = await send(
      new Request(`${baseUrl}/api/auth/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie: cookie() },
        body: JSON.stringify(body),
      }),
    );
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = value === "" || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, body: text === "" ? null : (JSON.parse(text) as unknown) };
  };
  /** The cookies as name-value pairs, e.g. for a Chromium context's `addCookies`. */
  const entries = () => [...cookies].map(([name, value]) => ({ name, value }));
  return { post, cookie, entries };
}
