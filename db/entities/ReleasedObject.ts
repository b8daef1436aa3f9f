import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { RestorePoint } from "./RestorePoint";
import { createdAtOnly } from "./columns";

/**
 * An object whose document or template row was deleted, and when (docs/operations.md#nothing-lost).
 * Written only by the statement triggers of migration nothing_lost, in the same transaction as the
 * delete, so every writer (the ORM, raw SQL, a cascade from a deleted project) records it. The bytes
 * stay in the object store for as long as a restore point could bring the row back; the object sweep
 * removes the object and this row after that.
 */
export const ReleasedObject = defineEntity({
  name: "ReleasedObject",
  tableName: "released_object",
  properties: {
    id: p.bigint("number").primary().autoincrement(),
    storageKey: p.text().index(),
    releasedAt: createdAtOnly().index(),
  },
});

export type IReleasedObject = InferEntity<typeof ReleasedObject>;

/**
 * The document and template objects a restore point's dump refers to, recorded when the point is
 * taken: the sweep leaves them alone until the point expires (and this row goes with it).
 */
export const RestorePointObject = defineEntity({
  name: "RestorePointObject",
  tableName: "restore_point_object",
  properties: {
    restorePoint: p.manyToOne(RestorePoint).primary().deleteRule("cascade"),
    storageKey: p.text().primary().index(),
  },
});

export type IRestorePointObject = InferEntity<typeof RestorePointObject>;
