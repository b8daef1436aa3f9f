import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Project } from "./Project";
import { User } from "./User";
import { jsonObject, timestamps } from "./columns";
import { ROLES } from "./enums";

/** A user's role in one project; a user has at most one membership per project. */
export const ProjectMembership = defineEntity({
  name: "ProjectMembership",
  properties: {
    id: p.integer().primary().autoincrement(),
    user: p.manyToOne(User).deleteRule("cascade"),
    project: p.manyToOne(Project).deleteRule("cascade").index(),
    role: p.enum([...ROLES]).default("viewer"),
    permissions: jsonObject(),
    canCreateProjects: p.boolean().default(false),
    canManageUsers: p.boolean().default(false),
    canModifyApp: p.boolean().default(false),
    isActive: p.boolean().default(true),
    invitedBy: p.manyToOne(User).nullable(),
    joinedAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw("now()"),
    ...timestamps(),
  },
  // Leads with user, so it also serves "memberships of this user".
  uniques: [{ properties: ["user", "project"] }],
});

export type IProjectMembership = InferEntity<typeof ProjectMembership>;
