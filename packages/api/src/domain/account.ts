import { staffSignInActions } from "@fuda/auth";
import type { Actor } from "@fuda/auth";
import type { Db } from "@fuda/db";

export interface AccountView {
  actor: Actor;
  /** The signed-in user's profile; null for anonymous callers and partners. */
  user: { id: string; name: string; email: string | null; guest: boolean } | null;
}

/** Who the caller is, with the profile a page shows for a signed-in user. */
export async function describeAccount({
  db,
  actor,
}: {
  db: Db;
  actor: Actor;
}): Promise<AccountView> {
  if (actor.kind === "anonymous" || actor.kind === "partner") return { actor, user: null };
  if (actor.kind === "enrolling") await recordEnrolRequired(db, actor);
  const user = await db.user.findUniqueOrThrow({
    where: { id: actor.userId },
    select: { id: true, name: true, email: true, isAnonymous: true },
  });
  return {
    actor,
    // A guest's address is a placeholder better-auth made up, not something to show.
    user: {
      id: user.id,
      name: user.name,
      email: user.isAnonymous ? null : user.email,
      guest: user.isAnonymous,
    },
  };
}

/**
 * The portal asks who is calling before any page and sends an enrolling staff member to enrol
 * (docs/security.md, Staff accounts): audited once per session, not once per page.
 */
async function recordEnrolRequired(
  db: Db,
  { userId, role, sessionId }: Extract<Actor, { kind: "enrolling" }>,
): Promise<void> {
  const target = {
    action: staffSignInActions.enrolRequired,
    targetType: "session",
    targetId: sessionId,
  };
  if ((await db.auditEntry.count({ where: target })) > 0) return;
  await db.auditEntry.create({ data: { ...target, actorId: userId, after: { role } } });
}
