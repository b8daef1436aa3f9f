import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Client } from "./Client";
import { Project } from "./Project";
import { User } from "./User";
import { createdAtOnly, optionalText } from "./columns";

/**
 * Who did what, when (destructive actions are logged: docs/access.md#audit-of-refusals). Rows outlive the user, client
 * or project they mention: those references become null rather than blocking the delete.
 */
export const AuditLog = defineEntity({
  name: "AuditLog",
  properties: {
    id: p.integer().primary().autoincrement(),
    user: p.manyToOne(User).nullable().index(),
    client: p.manyToOne(Client).nullable().index(),
    project: p.manyToOne(Project).nullable(),
    /** e.g. "stakeholder.update", "project.delete". */
    action: p.text(),
    entityType: optionalText(),
    entityId: optionalText(),
    before: p.json<unknown>().nullable(),
    after: p.json<unknown>().nullable(),
    createdAt: createdAtOnly(),
  },
  indexes: [{ properties: ["project", "createdAt"] }],
});

export type IAuditLog = InferEntity<typeof AuditLog>;
