import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Client } from "./Client";
import { normaliseEmail, optionalText, timestamps } from "./columns";
import { ROLES } from "./enums";

/**
 * A person who signs in. The id is text: seeded accounts use their OIDC subject, and users
 * created on first sign-in get a generated id. E-mail is stored lower-case (hook and check).
 */
export const User = defineEntity({
  name: "User",
  properties: {
    id: p.text().primary(),
    email: p.text().unique(),
    firstName: optionalText(),
    lastName: optionalText(),
    profileImageUrl: optionalText(),
    client: p.manyToOne(Client).nullable().index(),
    systemRole: p.enum([...ROLES]).default("viewer"),
    /** "issuer|sub" of the identity provider that signed this user in. */
    authSubject: p.text().nullable().unique(),
    paymentCustomerId: optionalText(),
    isActive: p.boolean().default(true),
    lastSignInAt: p.datetime().nullable(),
    /** Set when an administrator deleted the account: the row stays so the records they created keep their name. */
    deletedAt: p.datetime().nullable(),
    ...timestamps(),
  },
  // A property-level .check() is ignored for defineEntity schemas; entity-level checks work.
  checks: [{ name: "user_email_lower_check", expression: "email = lower(email)" }],
  hooks: {
    beforeCreate: [({ entity }) => void (entity.email = normaliseEmail(entity.email))],
    beforeUpdate: [({ entity }) => void (entity.email = normaliseEmail(entity.email))],
  },
});

export type IUser = InferEntity<typeof User>;
