import crypto from "node:crypto";
import { User, type IUser } from "~db/entities/User";
import { UserInvitation } from "~db/entities/UserInvitation";
import { ProjectMembership } from "~db/entities/ProjectMembership";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { AppError } from "~/utils/app-error";
import type { SsoProfile } from "./sso-claims";
import { refIdOrNull } from "~db/entities/refs";

/**
 * Finds or creates the user an identity provider vouched for:
 *  1. the user already linked to this issuer and subject;
 *  2. otherwise a user with the same e-mail who is not yet linked to any identity (seeded or created
 *     by an administrator), now linked; a user linked to another identity is never taken over;
 *  3. otherwise an open invitation for the e-mail: the user joins with the invited role;
 *  4. otherwise a new user with the default role, viewer, and no client.
 */
export async function signInFromSso(profile: SsoProfile): Promise<IUser> {
  const em = db();
  const authSubject = `${profile.issuer}|${profile.subject}`;
  const email = profile.email.trim().toLowerCase();
  if (!email) throw new AppError(403, "Your identity provider did not share an e-mail address, so you cannot be signed in.");
  return em.transactional(async () => {
    let user = await em.findOne(User, { authSubject });
    if (!user) {
      const sameEmail = await em.findOne(User, { email });
      // Equal subjects happen when two first sign-ins of one person race; only another identity is refused.
      if (sameEmail?.authSubject && sameEmail.authSubject !== authSubject) {
        throw new AppError(403, "This e-mail address already belongs to another sign-in. Contact your administrator.");
      }
      user = sameEmail;
    }
    let action = "auth.sign_in";
    if (!user) {
      const invitation = await em.findOne(UserInvitation, { email, acceptedAt: null }, { orderBy: { createdAt: "desc" } });
      user = em.create(User, {
        id: crypto.randomUUID(),
        email,
        systemRole: invitation?.role ?? "viewer",
        client: invitation?.client ?? null,
        // Column defaults apply only when the row is written; set them so the checks below see them.
        isActive: true,
      } as never);
      if (invitation) {
        invitation.acceptedAt = new Date();
        if (invitation.project) {
          em.create(ProjectMembership, { user, project: invitation.project, role: invitation.role, invitedBy: invitation.invitedBy ?? null, joinedAt: new Date() } as never);
        }
      }
      action = invitation ? "auth.first_sign_in_invited" : "auth.first_sign_in";
    }
    if (user.isActive === false) throw new AppError(403, "Your account has been deactivated. Contact your administrator.");
    user.authSubject ??= authSubject;
    user.firstName = profile.firstName ?? user.firstName;
    user.lastName = profile.lastName ?? user.lastName;
    user.profileImageUrl = profile.picture ?? user.profileImageUrl;
    user.lastSignInAt = new Date();
    await em.flush();
    recordAudit({ userId: user.id, action, entityType: "User", entityId: user.id, clientId: refIdOrNull(user.client) });
    return user;
  });
}
