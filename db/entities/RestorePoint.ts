import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Client } from "./Client";
import { User } from "./User";
import { createdAtOnly } from "./columns";

/**
 * What a restore point was taken before: the Danger Zone's actions (docs/administration.md#danger-zone), or a
 * restore over a project that still exists ("restore", docs/administration.md#restore-points).
 */
export const RESTORE_POINT_REASONS = ["delete-all-stakeholders", "delete-all-properties", "delete-all-engagements", "reset-project", "delete-project", "restore"] as const;

/**
 * A project's SQL dump (app/modules/database-export) saved to the object store just before a Danger
 * Zone action, kept and listed for 30 days (docs/administration.md#restore-points). The project id is a plain column, not a
 * foreign key: the point taken before "Delete Entire Project" must outlive the project it restores.
 * The object lives under `restore-points/`, outside the orphan sweep's `projects/` prefix.
 */
export const RestorePoint = defineEntity({
  name: "RestorePoint",
  properties: {
    id: p.integer().primary().autoincrement(),
    client: p.manyToOne(Client).deleteRule("cascade").index(),
    projectId: p.integer().index(),
    projectName: p.text(),
    reason: p.enum([...RESTORE_POINT_REASONS]),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    storageKey: p.text().unique(),
    fileSize: p.bigint("number"),
    /** SHA-256 of the stored dump (hex), checked before a restore runs it; null on points taken before restores existed. */
    sha256: p.text().nullable(),
    createdAt: createdAtOnly(),
    expiresAt: p.datetime(),
  },
});

export type IRestorePoint = InferEntity<typeof RestorePoint>;
