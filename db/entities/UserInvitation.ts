import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Client } from "./Client";
import { Project } from "./Project";
import { User } from "./User";
import { createdAtOnly, normaliseEmail } from "./columns";
import { ROLES } from "./enums";

/** An invitation of an e-mail address into a client (optionally a project); accepted on first sign-in. */
export const UserInvitation = defineEntity({
  name: "UserInvitation",
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.text().index(),
    role: p.enum([...ROLES]).default("viewer"),
    client: p.manyToOne(Client).deleteRule("cascade"),
    project: p.manyToOne(Project).nullable().deleteRule("cascade").index(),
    invitedBy: p.manyToOne(User).nullable(),
    /** The projects the person joins on first sign-in (besides `project`, which older invitations use). */
    projectIds: p
      .json<number[]>()
      .onCreate(() => [])
      .defaultRaw(`'[]'`),
    acceptedAt: p.datetime().nullable(),
    /**
     * When it can no longer be accepted: set each time it is sent (docs/administration.md#invitations).
     * Null on rows from before the column: those expire INVITATION_EXPIRY_DAYS after `createdAt`.
     */
    expiresAt: p.datetime().nullable(),
    createdAt: createdAtOnly(),
  },
  // Leads with client, so it also serves as the client foreign-key index.
  uniques: [{ properties: ["client", "email"] }],
  // A property-level .check() is ignored for defineEntity schemas; entity-level checks work.
  checks: [{ name: "user_invitation_email_lower_check", expression: "email = lower(email)" }],
  hooks: {
    beforeCreate: [({ entity }) => void (entity.email = normaliseEmail(entity.email))],
    beforeUpdate: [({ entity }) => void (entity.email = normaliseEmail(entity.email))],
  },
});

export type IUserInvitation = InferEntity<typeof UserInvitation>;
