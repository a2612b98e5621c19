import { NextResponse } from "next/server";
import type { NextRequest } from "next/server";

/** Where staff enrol two-factor sign-in (app/enrol), and where anyone else signs in. */
const ENROL = "/enrol";
const SIGN_IN = "/sign-in";

// A page waits on this: a slow game API shows the page's own "down" rather than nothing.
const ASK_TIMEOUT_MS = 3_000;

/** The caller's kind of actor by their cookie, from the game API's account.me; null: no answer. */
async function actorKindOf(cookie: string, gameApiUrl: string): Promise<string | null> {
  try {
    const response = await fetch(`${gameApiUrl}/account.me`, {
      headers: { cookie },
      cache: "no-store",
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    });
    const body = (await response.json()) as { result?: { data?: { actor?: { kind?: unknown } } } };
    const kind = body.result?.data?.actor?.kind;
    return typeof kind === "string" ? kind : null;
  } catch {
    return null;
  }
}

/**
 * Decided on the server before any page renders (docs/security.md, Staff accounts): a staff
 * member who has not enrolled two-factor sign-in is sent to /enrol whatever page they open, so
 * neither a portal page nor the data a server page reads reaches them first; /enrol is for them
 * alone. Null: the page may render (who else may see it, the portal shell decides).
 */
export async function enrolmentRedirect(
  request: NextRequest,
  gameApiUrl: string,
): Promise<NextResponse | null> {
  const { pathname } = request.nextUrl;
  // The sign-in page, and files (the icon), are anyone's.
  if (pathname === SIGN_IN || /\.[a-z0-9]+$/i.test(pathname)) return null;
  const cookie = request.headers.get("cookie");
  const kind = cookie === null ? "anonymous" : await actorKindOf(cookie, gameApiUrl);
  if (kind === null) return null;
  const enrolling = kind === "enrolling";
  let to: string;
  if (enrolling && pathname !== ENROL) to = ENROL;
  else if (!enrolling && pathname === ENROL) {
    to = kind === "operator" || kind === "dealer" ? "/" : SIGN_IN;
  } else return null;
  return NextResponse.redirect(new URL(to, request.url));
}
