/**
 * One zod schema per form of the User Management screen, shared with /api/users (docs/administration.md#user-management).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { RoleSchema } from "~/modules/permissions/permissions";

export const INVITE_FORM_ID = "invite-user";
export const MEMBERS_FORM_ID = "user-projects";
export const MAX_EMAIL_LENGTH = 254;

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
const list = (value: unknown) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]);
const projectIds = z.preprocess(list, z.array(z.coerce.number().int().positive("Choose projects from the list")).max(500)).transform((ids) => [...new Set(ids)]);
const role = z.preprocess((value) => (value === "" || value === undefined || value === null ? undefined : value), RoleSchema.optional().default("viewer"));
const optionalId = z.preprocess((value) => (value === "" || value === null ? undefined : value), z.coerce.number().int().positive("Choose a client organisation").optional());
const bool = z.preprocess((value) => (value === "true" ? true : value === "false" ? false : value), z.boolean({ invalid_type_error: "isActive must be true or false" }));

/** Invite (email, role default viewer; docs/administration.md#invitations): plus the projects the person joins and, for a system admin, the client. */
export const InviteSchema = z.object({
  email: z.preprocess(trimmed, z.string({ required_error: "Email is required" }).min(1, "Email is required").max(MAX_EMAIL_LENGTH, "Email is too long").email("Enter a valid email address")),
  role,
  projectIds,
  clientId: optionalId,
});
export type InviteInput = z.infer<typeof InviteSchema>;

/** PATCH /api/users/{id}: `isActive` or `systemRole` (docs/administration.md#user-management). */
export const UserUpdateSchema = z
  .object({ isActive: bool.optional(), systemRole: RoleSchema.optional() })
  .refine((value) => value.isActive !== undefined || value.systemRole !== undefined, { message: "Send isActive or systemRole", path: ["_"] });
export type UserUpdateInput = z.infer<typeof UserUpdateSchema>;

/** The table's role selector. */
export const RoleChangeSchema = z.object({ systemRole: RoleSchema });
/** The table's Active/Inactive toggle. */
export const StatusChangeSchema = z.object({ isActive: bool });
/** A user's projects. */
export const MembersSchema = z.object({ projectIds });
export type MembersInput = z.infer<typeof MembersSchema>;

export const inviteValidator = withZod(InviteSchema);
export const membersValidator = withZod(MembersSchema);
