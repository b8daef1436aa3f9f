import crypto from "node:crypto";
import { User, type IUser } from "~db/entities/User";
import { ProjectMembership } from "~db/entities/ProjectMembership";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { AppError } from "~/utils/app-error";
import type { SsoProfile } from "./sso-claims";
import { refId, refIdOrNull } from "~db/entities/refs";
import { Project } from "~db/entities/Project";
import { auditSignInFailure, type SignInFailure } from "./auth-audit.server";
import { acceptanceOverLimit, invitationToAccept } from "~/modules/invitations/invitation-acceptance.server";

export const SIGN_IN_MESSAGES = {
  noEmail: "Your identity provider did not share an e-mail address, so you cannot be signed in.",
  unverifiedEmail:
    "Your identity provider has not verified your e-mail address, so it cannot be used to find or create your account. Verify your e-mail address with your identity provider, or contact your administrator.",
  emailTaken: "This e-mail address already belongs to another sign-in. Contact your administrator.",
  deactivated: "Your account has been deactivated. Contact your administrator.",
} as const;

/** A refusal: the message the person sees, and what the audit log records. */
class SignInRefused extends AppError {
  constructor(
    message: string,
    readonly failure: SignInFailure,
  ) {
    super(403, message);
  }
}

/**
 * Finds or creates the user an identity provider vouched for:
 *  1. the user already linked to this issuer and subject, whatever e-mail the provider now reports
 *     (an e-mail changed at the provider never moves the sign-in to another account);
 *  otherwise only with an e-mail the provider has verified (`email_verified: true`):
 *  2. a user with the same e-mail who is not yet linked to any identity (seeded or created by an
 *     administrator), now linked; a user linked to another identity is never taken over;
 *  3. an open invitation for the e-mail: the user joins with the invited role (refused when it has
 *     expired, or when a project it names is full under the client's plan);
 *  4. a new user with the default role, viewer, and no client.
 * Refusals are audited as `auth.sign_in_failed`.
 */
export async function signInFromSso(profile: SsoProfile): Promise<IUser> {
  try {
    return await linkOrCreateUser(profile);
  } catch (error) {
    if (error instanceof SignInRefused) {
      await auditSignInFailure(error.failure);
    }
    throw error;
  }
}

async function linkOrCreateUser(profile: SsoProfile): Promise<IUser> {
  const em = db();
  const authSubject = `${profile.issuer}|${profile.subject}`;
  const email = profile.email.trim().toLowerCase();
  const who = { issuer: profile.issuer, subject: profile.subject, ...(email ? { email } : {}) };
  return em.transactional(async () => {
    let user = await em.findOne(User, { authSubject });
    let action = "auth.sign_in";
    // A first sign-in grants a role (and, by invitation, a client and a project): that is a role change.
    let granted: { role: string; clientId: number | null; projectId: number | null; invitationId: number | null } | undefined;
    if (!user) {
      if (!email) throw new SignInRefused(SIGN_IN_MESSAGES.noEmail, { reason: "no e-mail", ...who });
      if (!profile.emailVerified) throw new SignInRefused(SIGN_IN_MESSAGES.unverifiedEmail, { reason: "unverified e-mail", ...who });
      const sameEmail = await em.findOne(User, { email });
      // Equal subjects happen when two first sign-ins of one person race; only another identity is refused.
      if (sameEmail?.authSubject && sameEmail.authSubject !== authSubject) {
        throw new SignInRefused(SIGN_IN_MESSAGES.emailTaken, { reason: "e-mail belongs to another sign-in", userId: sameEmail.id, clientId: refIdOrNull(sameEmail.client), ...who });
      }
      user = sameEmail;
    }
    if (!user) {
      // An invitation past its expiry, or one to a project that is full, refuses the sign-in (docs/administration.md#invitations).
      const { invitation, refused } = await invitationToAccept(em, email);
      if (refused) throw new SignInRefused(refused.message, { reason: refused.reason, clientId: refused.clientId, ...who });
      // Every project named by the invitation that is still an active project of its client.
      const wanted = invitation ? [...new Set([...(invitation.project ? [refId(invitation.project)] : []), ...(invitation.projectIds ?? [])])] : [];
      const projects = invitation && wanted.length ? await em.find(Project, { id: { $in: wanted }, client: refId(invitation.client), isActive: true }) : [];
      const full = invitation ? await acceptanceOverLimit(em, invitation, projects) : null;
      if (full) throw new SignInRefused(full.message, { reason: full.reason, clientId: full.clientId, ...who });
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
        for (const project of projects) {
          em.create(ProjectMembership, { user, project, role: invitation.role, invitedBy: invitation.invitedBy ?? null, joinedAt: new Date() } as never);
        }
      }
      action = invitation ? "auth.first_sign_in_invited" : "auth.first_sign_in";
      granted = { role: user.systemRole, clientId: refIdOrNull(user.client), projectId: refIdOrNull(invitation?.project), invitationId: invitation?.id ?? null };
    }
    if (user.isActive === false) {
      throw new SignInRefused(SIGN_IN_MESSAGES.deactivated, { reason: "deactivated account", userId: user.id, clientId: refIdOrNull(user.client), ...who });
    }
    user.authSubject ??= authSubject;
    user.firstName = profile.firstName ?? user.firstName;
    user.lastName = profile.lastName ?? user.lastName;
    user.profileImageUrl = profile.picture ?? user.profileImageUrl;
    user.lastSignInAt = new Date();
    await em.flush();
    recordAudit({ userId: user.id, action, entityType: "User", entityId: user.id, clientId: refIdOrNull(user.client), ...(granted ? { after: granted } : {}) });
    return user;
  });
}
