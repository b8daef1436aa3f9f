import { Property } from "~db/entities/Property";
import { Stakeholder } from "~db/entities/Stakeholder";
import { StakeholderProperty } from "~db/entities/StakeholderProperty";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { refId } from "~db/entities/refs";
import { linkRemovalRefusal, linkSelectionRefusal, type LinkSide as Side } from "./link-rules";

/**
 * Links between stakeholders and properties. Both dialogs (Link Properties on a stakeholder, Link
 * Stakeholders on a property) show the current links ticked and save the whole set, so both
 * directions replace the set; an empty set is refused and links are removed explicitly
 * (docs/records.md#links). Every id must belong to the access's project; otherwise nothing changes.
 */

const other = (side: Side): Side => (side === "stakeholder" ? "property" : "stakeholder");
const ENTITY = { stakeholder: Stakeholder, property: Property } as const;
const LABEL = { stakeholder: "Stakeholder", property: "Property" } as const;
const AUDIT = { stakeholder: "stakeholder.link_properties", property: "property.link_stakeholders" } as const;
const UNLINK_AUDIT = { stakeholder: "stakeholder.unlink_properties", property: "property.unlink_stakeholders" } as const;
const labelOf = (side: Side, record: object) => (side === "stakeholder" ? (record as { name: string }).name : (record as { address: string }).address);

async function linkedIds(access: ProjectAccess, side: Side, id: number): Promise<number[]> {
  const target = other(side);
  const links = await db().find(StakeholderProperty, { project: access.project.id, [side]: id }, { fields: [target], orderBy: { id: "asc" } });
  return links.map((link) => refId(link[target]));
}

export const linkedPropertyIds = (access: ProjectAccess, stakeholderId: number) => linkedIds(access, "stakeholder", stakeholderId);
export const linkedStakeholderIds = (access: ProjectAccess, propertyId: number) => linkedIds(access, "property", propertyId);

/** Replaces the links of one stakeholder (or property) with `wantedIds`, in one transaction. */
async function setLinks(access: ProjectAccess, side: Side, ownerId: number, wantedIds: number[]) {
  requirePermission(access, "editData");
  const em = db();
  const target = other(side);
  const owner = await em.findOne(ENTITY[side] as typeof Stakeholder, { id: ownerId, project: access.project.id });
  if (!owner) throw new AppError(404, `${LABEL[side]} not found`);
  const wanted = [...new Set(wantedIds)];
  const refusal = linkSelectionRefusal(side, wanted);
  if (refusal) throw refusal;
  const found = await em.count(ENTITY[target] as typeof Stakeholder, { id: { $in: wanted }, project: access.project.id });
  if (found !== wanted.length) throw new AppError(404, `${LABEL[target]} not found in this project`);
  await em.transactional(async () => {
    const before = await linkedIds(access, side, ownerId);
    const removed = before.filter((id) => !wanted.includes(id));
    const added = wanted.filter((id) => !before.includes(id));
    if (removed.length) await db().nativeDelete(StakeholderProperty, { project: access.project.id, [side]: ownerId, [target]: { $in: removed } });
    for (const id of added) db().create(StakeholderProperty, { [side]: ownerId, [target]: id, project: access.project.id } as never);
    const key = `${target}Ids`;
    recordAudit({
      userId: access.user.id,
      action: AUDIT[side],
      entityType: LABEL[side],
      entityId: ownerId,
      clientId: refId(access.project.client),
      projectId: access.project.id,
      before: { [key]: before },
      after: { [key]: wanted },
    });
  });
  return { owner, count: wanted.length };
}

/**
 * Removes the named links of one stakeholder (or property), in one transaction: the explicit
 * removal that an empty save is not. Every named record must be in the project (404 otherwise,
 * nothing removed); one that is not linked is simply not there to remove.
 */
async function removeLinks(access: ProjectAccess, side: Side, ownerId: number, removeIds: number[]) {
  requirePermission(access, "editData");
  const em = db();
  const target = other(side);
  const owner = await em.findOne(ENTITY[side] as typeof Stakeholder, { id: ownerId, project: access.project.id });
  if (!owner) throw new AppError(404, `${LABEL[side]} not found`);
  const ids = [...new Set(removeIds)];
  const refusal = linkRemovalRefusal(side, ids);
  if (refusal) throw refusal;
  const targets = await em.find(ENTITY[target] as typeof Stakeholder, { id: { $in: ids }, project: access.project.id });
  if (targets.length !== ids.length) throw new AppError(404, `${LABEL[target]} not found in this project`);
  const after = await em.transactional(async () => {
    const before = await linkedIds(access, side, ownerId);
    const remaining = before.filter((id) => !ids.includes(id));
    if (remaining.length !== before.length) {
      await db().nativeDelete(StakeholderProperty, { project: access.project.id, [side]: ownerId, [target]: { $in: ids } });
      const key = `${target}Ids`;
      recordAudit({
        userId: access.user.id,
        action: UNLINK_AUDIT[side],
        entityType: LABEL[side],
        entityId: ownerId,
        clientId: refId(access.project.client),
        projectId: access.project.id,
        before: { [key]: before },
        after: { [key]: remaining },
      });
    }
    return remaining;
  });
  return { owner: labelOf(side, owner), removed: targets.map((t) => labelOf(target, t)), count: after.length };
}

/** Removes links of a stakeholder; returns its name, the removed properties' addresses and how many links remain. */
export async function removeStakeholderProperties(access: ProjectAccess, stakeholderId: number, propertyIds: number[]) {
  const { owner, removed, count } = await removeLinks(access, "stakeholder", stakeholderId, propertyIds);
  return { name: owner, addresses: removed, count };
}

/** Removes links of a property; returns its address, the removed stakeholders' names and how many links remain. */
export async function removePropertyStakeholders(access: ProjectAccess, propertyId: number, stakeholderIds: number[]) {
  const { owner, removed, count } = await removeLinks(access, "property", propertyId, stakeholderIds);
  return { address: owner, names: removed, count };
}

/** Sets the properties linked to a stakeholder; returns the stakeholder's name and the new count. */
export async function setStakeholderProperties(access: ProjectAccess, stakeholderId: number, propertyIds: number[]) {
  const { owner, count } = await setLinks(access, "stakeholder", stakeholderId, propertyIds);
  return { name: (owner as { name: string }).name, count };
}

/** Sets the stakeholders linked to a property; returns the property's address and the new count. */
export async function setPropertyStakeholders(access: ProjectAccess, propertyId: number, stakeholderIds: number[]) {
  const { owner, count } = await setLinks(access, "property", propertyId, stakeholderIds);
  return { address: (owner as { address: string }).address, count };
}
