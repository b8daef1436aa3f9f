import { Property } from "~db/entities/Property";
import { Stakeholder } from "~db/entities/Stakeholder";
import { StakeholderProperty } from "~db/entities/StakeholderProperty";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { hasPermission } from "~/modules/permissions/permissions";
import type { ProjectAccess } from "~/modules/project/access.server";
import { AppError, forbidden } from "~/utils/app-error";

/**
 * Links between stakeholders and properties. Both dialogs (Link Properties on a stakeholder, Link
 * Stakeholders on a property) show the current links ticked and save the whole set, so both
 * directions replace the set. Every id must belong to the access's project; otherwise nothing changes.
 */
const idOf = (ref: unknown) => Number((ref as { id: number }).id);

export async function linkedPropertyIds(access: ProjectAccess, stakeholderId: number): Promise<number[]> {
  const links = await db().find(StakeholderProperty, { project: access.project.id, stakeholder: stakeholderId }, { fields: ["property"], orderBy: { id: "asc" } });
  return links.map((l) => idOf(l.property));
}

export async function linkedStakeholderIds(access: ProjectAccess, propertyId: number): Promise<number[]> {
  const links = await db().find(StakeholderProperty, { project: access.project.id, property: propertyId }, { fields: ["stakeholder"], orderBy: { id: "asc" } });
  return links.map((l) => idOf(l.stakeholder));
}

async function requireInProject(entity: typeof Stakeholder | typeof Property, access: ProjectAccess, ids: number[], label: string) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await db().count(entity as typeof Stakeholder, { id: { $in: unique }, project: access.project.id });
  if (found !== unique.length) throw new AppError(404, `${label} not found in this project`);
  return unique;
}

/** Sets the properties linked to a stakeholder; returns the stakeholder's name and the new count. */
export async function setStakeholderProperties(access: ProjectAccess, stakeholderId: number, propertyIds: number[]) {
  if (!hasPermission(access.role, "editData")) throw forbidden();
  const em = db();
  const stakeholder = await em.findOne(Stakeholder, { id: stakeholderId, project: access.project.id }, { fields: ["id", "name"] });
  if (!stakeholder) throw new AppError(404, "Stakeholder not found");
  const wanted = await requireInProject(Property, access, propertyIds, "Property");
  await em.transactional(async () => {
    const before = await linkedPropertyIds(access, stakeholderId);
    await replaceLinks(access, { stakeholder: stakeholderId }, before, wanted, (propertyId) => ({ stakeholder: stakeholderId, property: propertyId }), "property");
    recordAudit({ userId: access.user.id, action: "stakeholder.link_properties", entityType: "Stakeholder", entityId: stakeholderId, clientId: idOf(access.project.client), projectId: access.project.id, before: { propertyIds: before }, after: { propertyIds: wanted } });
  });
  return { name: stakeholder.name, count: wanted.length };
}

/** Sets the stakeholders linked to a property; returns the new count. */
export async function setPropertyStakeholders(access: ProjectAccess, propertyId: number, stakeholderIds: number[]) {
  if (!hasPermission(access.role, "editData")) throw forbidden();
  const em = db();
  const property = await em.findOne(Property, { id: propertyId, project: access.project.id }, { fields: ["id", "address"] });
  if (!property) throw new AppError(404, "Property not found");
  const wanted = await requireInProject(Stakeholder, access, stakeholderIds, "Stakeholder");
  await em.transactional(async () => {
    const before = await linkedStakeholderIds(access, propertyId);
    await replaceLinks(access, { property: propertyId }, before, wanted, (stakeholderId) => ({ stakeholder: stakeholderId, property: propertyId }), "stakeholder");
    recordAudit({ userId: access.user.id, action: "property.link_stakeholders", entityType: "Property", entityId: propertyId, clientId: idOf(access.project.client), projectId: access.project.id, before: { stakeholderIds: before }, after: { stakeholderIds: wanted } });
  });
  return { address: property.address, count: wanted.length };
}

async function replaceLinks(
  access: ProjectAccess,
  owner: { stakeholder: number } | { property: number },
  before: number[],
  wanted: number[],
  link: (otherId: number) => { stakeholder: number; property: number },
  other: "stakeholder" | "property",
) {
  const em = db();
  const removed = before.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !before.includes(id));
  if (removed.length) await em.nativeDelete(StakeholderProperty, { project: access.project.id, ...owner, [other]: { $in: removed } });
  for (const id of added) em.create(StakeholderProperty, { ...link(id), project: access.project.id } as never);
}
