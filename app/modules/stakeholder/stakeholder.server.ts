import { OptimisticLockError } from "@mikro-orm/core";
import { Property } from "~db/entities/Property";
import { Stakeholder, type IStakeholder } from "~db/entities/Stakeholder";
import { db } from "~db/orm";
import { sqlRows } from "~db/sql.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError, StaleEditError } from "~/utils/app-error";
import type { StakeholderInput, StakeholderPatch } from "./schemas";
import { stakeholderFormStrings, stakeholderToJson } from "./stakeholder-json";
import { refId } from "~db/entities/refs";

/**
 * Stakeholder reads and writes, always scoped to one project. Every function checks the caller's
 * permission itself, so the page action and the /api routes enforce the same rules. The list
 * queries live in stakeholder-list.server.ts.
 */
export {
  listStakeholderRecords,
  listStakeholders,
  stakeholderCounts,
  STAKEHOLDER_SORT_KEYS,
  type StakeholderCounts,
  type StakeholderListOptions,
  type StakeholderListRow,
  type StakeholderPageRow,
  type StakeholderSortKey,
} from "./stakeholder-list.server";

export const EXPORT_CAP = 10_000;
export const STALE_MESSAGE = "This stakeholder was changed by someone else after you opened the form. The form now shows the current details: check them and make your changes again.";
/** A stale edit (409, see StaleEditError): the form shows the record as it is now. */
const stale = (current: IStakeholder) => new StaleEditError(STALE_MESSAGE, stakeholderFormStrings(current));

const FORM_FIELDS = [
  "name",
  "email",
  "email2",
  "email3",
  "phone",
  "phone2",
  "phone3",
  "address",
  "address2",
  "address3",
  "memberType",
  "stakeholderCategory",
  "influenceLevel",
  "iap2EngagementLevel",
  "isActive",
  "nextAction",
  "nextActionDueDate",
  "notes",
  "latitude",
  "longitude",
  "customFields",
] as const;

function auditBase(access: ProjectAccess) {
  return { userId: access.user.id, clientId: refId(access.project.client), projectId: access.project.id, entityType: "Stakeholder" };
}

export interface LinkedPropertiesPreview {
  properties: { id: number; address: string }[];
  total: number;
}

/** The first `perStakeholder` linked property addresses and the link count of each stakeholder, in one query. */
export async function linkedPropertiesPreview(access: ProjectAccess, stakeholderIds: number[], perStakeholder = 3): Promise<Map<number, LinkedPropertiesPreview>> {
  const result = new Map<number, LinkedPropertiesPreview>();
  if (!stakeholderIds.length) return result;
  const rows = await sqlRows<{ stakeholder_id: number; property_id: number; address: string; total: number }>(
    `select stakeholder_id, property_id, address, total from (
       select sp.stakeholder_id, p.id as property_id, p.address,
              row_number() over (partition by sp.stakeholder_id order by p.address, p.id) as rn,
              (count(*) over (partition by sp.stakeholder_id))::int as total
         from stakeholder_property sp
         join property p on p.id = sp.property_id and p.project_id = sp.project_id
        where sp.project_id = ? and sp.stakeholder_id in (${stakeholderIds.map(() => "?").join(", ")})
     ) ranked where rn <= ? order by stakeholder_id, rn`,
    [access.project.id, ...stakeholderIds, perStakeholder],
  );
  for (const row of rows) {
    const entry = result.get(row.stakeholder_id) ?? { properties: [], total: row.total };
    entry.properties.push({ id: row.property_id, address: row.address });
    result.set(row.stakeholder_id, entry);
  }
  return result;
}

/** The project's properties for the Link Properties checklist (id and address only). */
export async function projectPropertyChoices(access: ProjectAccess, limit = 2000) {
  requirePermission(access, "viewData");
  const rows = await db().find(Property, { project: access.project.id }, { fields: ["id", "address"], orderBy: { address: "asc", id: "asc" }, limit });
  return rows.map((p) => ({ id: p.id, address: p.address }));
}

/** One stakeholder of the project; another project's or client's id is 404. */
export async function getStakeholder(access: ProjectAccess, id: number | null): Promise<IStakeholder> {
  requirePermission(access, "viewData");
  const stakeholder = id ? await db().findOne(Stakeholder, { id, project: access.project.id }) : null;
  if (!stakeholder) throw new AppError(404, "Stakeholder not found");
  return stakeholder;
}

function changesFrom(input: StakeholderPatch) {
  const changes: Record<string, unknown> = {};
  for (const field of FORM_FIELDS) if (input[field] !== undefined) changes[field] = input[field];
  return changes;
}

export async function createStakeholder(access: ProjectAccess, input: StakeholderInput): Promise<IStakeholder> {
  requirePermission(access, "editData");
  return db().transactional(async (em) => {
    const stakeholder = em.create(Stakeholder, {
      ...changesFrom(input),
      name: input.name,
      user: access.user.id,
      project: access.project.id,
      // em.create applies column defaults only at flush; the audit row reads them before.
      isActive: input.isActive ?? true,
      isProjectPropertyOwner: false,
    } as never);
    await em.flush();
    recordAudit({ ...auditBase(access), action: "stakeholder.create", entityId: stakeholder.id, before: null, after: stakeholderToJson(stakeholder) });
    return stakeholder;
  });
}

/**
 * Applies the given fields. With `input.version` the save is refused (409) when the record has
 * changed since that version was read, so a stale form never silently overwrites a newer save.
 */
export async function updateStakeholder(access: ProjectAccess, id: number | null, input: StakeholderPatch): Promise<IStakeholder> {
  requirePermission(access, "editData");
  try {
    return await db().transactional(async (em) => {
      const stakeholder = id ? await em.findOne(Stakeholder, { id, project: access.project.id }) : null;
      if (!stakeholder) throw new AppError(404, "Stakeholder not found");
      if (input.version !== undefined && input.version !== stakeholder.version) throw stale(stakeholder);
      const before = stakeholderToJson(stakeholder);
      Object.assign(stakeholder, changesFrom(input));
      await em.flush();
      recordAudit({ ...auditBase(access), action: "stakeholder.update", entityId: stakeholder.id, before, after: stakeholderToJson(stakeholder) });
      return stakeholder;
    });
  } catch (error) {
    // Two saves of the same version racing: the loser is stale too.
    if (error instanceof OptimisticLockError) {
      db().clear();
      throw stale(await getStakeholder(access, id));
    }
    throw error;
  }
}

export async function deleteStakeholder(access: ProjectAccess, id: number | null): Promise<void> {
  requirePermission(access, "deleteData");
  await db().transactional(async (em) => {
    const stakeholder = id ? await em.findOne(Stakeholder, { id, project: access.project.id }) : null;
    if (!stakeholder) throw new AppError(404, "Stakeholder not found");
    recordAudit({ ...auditBase(access), action: "stakeholder.delete", entityId: stakeholder.id, before: stakeholderToJson(stakeholder), after: null });
    em.remove(stakeholder);
  });
}

/** Every stakeholder of the project for the JSON debug views, capped. */
export async function exportStakeholders(access: ProjectAccess) {
  requirePermission(access, "viewData");
  const rows = await db().find(Stakeholder, { project: access.project.id }, { orderBy: { name: "asc", id: "asc" }, limit: EXPORT_CAP });
  return rows.map(stakeholderToJson);
}

/** One page of the properties linked to a stakeholder (GET /api/stakeholders/{id}/properties), with how many in all. */
export async function stakeholderProperties(access: ProjectAccess, id: number | null, page: { limit: number; offset: number }) {
  const stakeholder = await getStakeholder(access, id);
  const [rows, [count]] = await Promise.all([
    sqlRows<{ id: number }>(
      `select p.id from property p join stakeholder_property sp on sp.property_id = p.id and sp.project_id = p.project_id
      where sp.project_id = ? and sp.stakeholder_id = ? order by p.address, p.id limit ? offset ?`,
      [access.project.id, stakeholder.id, page.limit, page.offset],
    ),
    sqlRows<{ n: number }>("select count(*)::int as n from stakeholder_property where project_id = ? and stakeholder_id = ?", [access.project.id, stakeholder.id]),
  ]);
  const total = count?.n ?? 0;
  if (!rows.length) return { properties: [], total };
  const properties = await db().find(Property, { id: { $in: rows.map((r) => r.id) }, project: access.project.id }, { orderBy: { address: "asc", id: "asc" } });
  return { properties, total };
}
