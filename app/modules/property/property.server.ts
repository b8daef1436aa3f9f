import { OptimisticLockError } from "@mikro-orm/core";
import { Property, type IProperty } from "~db/entities/Property";
import { Stakeholder } from "~db/entities/Stakeholder";
import { db } from "~db/orm";
import { sqlRows, withPgClient } from "~db/sql.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { linkedStakeholderIds } from "~/modules/links/links.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError, StaleEditError } from "~/utils/app-error";
import { propertyFormStrings } from "./form-values";
import { MAX_PROPERTY_DUPLICATES, type DuplicateCandidate, type DuplicateMatchType, type PropertyMatchInput } from "./duplicate-matching";
import { loadCandidateIndex, matchFieldsOf, matchKeysOf, refreshMatchKeys, scoreCandidates } from "~/modules/duplicates/candidates.server";
import { proprietorList } from "./property-list.server";
import type { PropertyInput } from "./schemas";
import { refId } from "~db/entities/refs";

/**
 * Properties of one project: the list with search, LAA filter, sort and pages; the summary tiles;
 * details; create (with the duplicate check), update (refusing stale versions), delete. Every
 * function takes the caller's ProjectAccess and scopes every query by its project.
 */
export {
  listProperties,
  listPropertyEntities,
  PROPERTY_SORT_KEYS,
  propertyStats,
  type PropertyListQuery,
  type PropertyListRow,
  type PropertyTableRow,
  type PropertySortKey,
  type PropertyStats,
} from "./property-list.server";

const clientIdOf = (access: ProjectAccess) => refId(access.project.client);

/** A property of the project, or 404 (another project's or client's id looks missing). */
export async function getProperty(access: ProjectAccess, id: number): Promise<IProperty> {
  const property = Number.isSafeInteger(id) && id > 0 ? await db().findOne(Property, { id, project: access.project.id }, { populate: ["stakeholder"] }) : null;
  if (!property) throw new AppError(404, "Property not found");
  return property;
}

/** The stakeholders linked to a property (id, name and contact basics), by name. */
export async function listPropertyStakeholders(access: ProjectAccess, propertyId: number) {
  await getProperty(access, propertyId);
  const ids = await linkedStakeholderIds(access, propertyId);
  if (!ids.length) return [];
  return db().find(Stakeholder, { project: access.project.id, id: { $in: ids } }, { orderBy: { name: "asc", id: "asc" } });
}

/** One page of the stakeholders linked to a property, by name, with how many are linked in all. */
export async function pagePropertyStakeholders(access: ProjectAccess, propertyId: number, page: { limit: number; offset: number }) {
  await getProperty(access, propertyId);
  const [rows, [count]] = await Promise.all([
    sqlRows<{ id: number }>(
      `select s.id from stakeholder s join stakeholder_property sp on sp.stakeholder_id = s.id and sp.project_id = s.project_id
      where sp.project_id = ? and sp.property_id = ? order by s.name, s.id limit ? offset ?`,
      [access.project.id, propertyId, page.limit, page.offset],
    ),
    sqlRows<{ n: number }>("select count(*)::int as n from stakeholder_property where project_id = ? and property_id = ?", [access.project.id, propertyId]),
  ]);
  const total = count?.n ?? 0;
  if (!rows.length) return { stakeholders: [], total };
  const stakeholders = await db().find(Stakeholder, { project: access.project.id, id: { $in: rows.map((r) => r.id) } }, { orderBy: { name: "asc", id: "asc" } });
  return { stakeholders, total };
}

/** The project's stakeholders for the Link Stakeholders checklist (bounded). */
export async function stakeholderChoices(access: ProjectAccess, limit = 2000) {
  const rows = await db().find(Stakeholder, { project: access.project.id }, { fields: ["id", "name", "memberType"], orderBy: { name: "asc", id: "asc" }, limit });
  return rows.map((s) => ({ id: s.id, name: s.name, memberType: s.memberType ?? null }));
}

/**
 * The project's likely duplicates of a property about to be created (docs/records.md#property-duplicates):
 * the import's rules and blocking keys (app/modules/duplicates/), so a title typed on the form and one
 * imported from a file are matched alike.
 */
export async function findPropertyDuplicates(access: ProjectAccess, input: PropertyMatchInput, excludeId: number | null = null): Promise<DuplicateCandidate[]> {
  const projectId = access.project.id;
  return withPgClient(async (client) => {
    await refreshMatchKeys(client, projectId, "property");
    const fields = matchFieldsOf("property", { ...input });
    const keys = matchKeysOf("property", fields);
    if (!keys.length) return [];
    const index = await loadCandidateIndex(client, projectId, "property", keys);
    const scored = scoreCandidates(
      "property",
      fields,
      index.lookup(keys).filter((record) => record.id !== excludeId),
      MAX_PROPERTY_DUPLICATES,
    );
    if (!scored.length) return [];
    const { rows } = await client.query<{ id: number; address: string; volume: string | null; folio: string | null; lot_plan_line: string | null; proprietors: unknown }>(
      "select id, address, volume, folio, lot_plan_line, proprietors from property where project_id = $1 and id = any($2::int[])",
      [projectId, scored.map((c) => c.id)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return scored.flatMap((candidate) => {
      const row = byId.get(candidate.id);
      if (!row) return [];
      return [
        {
          id: row.id,
          similarity: candidate.similarity,
          matchType: candidate.matchType as DuplicateMatchType,
          address: row.address,
          volume: row.volume,
          folio: row.folio,
          lotPlanLine: row.lot_plan_line,
          proprietors: proprietorList(row.proprietors),
        },
      ];
    });
  });
}

const AUDITED_FIELDS = [
  "address",
  "volume",
  "folio",
  "area",
  "zoning",
  "notes",
  "nextAction",
  "nextActionDueDate",
  "hasLAA",
  "laaExpiryDate",
  "laaDetails",
  "lot",
  "planNumber",
  "lotPlanLine",
] as const;

function snapshot(property: IProperty) {
  const out: Record<string, unknown> = {};
  for (const field of AUDITED_FIELDS) out[field] = (property as Record<string, unknown>)[field] ?? null;
  return out;
}

/** The input's fields to store: undefined (an imported field the caller did not send) keeps the stored value. */
function fieldsOf(input: PropertyInput) {
  return Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && (AUDITED_FIELDS as readonly string[]).includes(key)));
}

export type CreatePropertyResult = { property: IProperty; duplicates?: undefined } | { property?: undefined; duplicates: DuplicateCandidate[] };

/** Creates a property unless it looks like a duplicate (then returns the candidates); `force` skips the check. */
export async function createProperty(access: ProjectAccess, input: PropertyInput, { force = false } = {}): Promise<CreatePropertyResult> {
  requirePermission(access, "editData");
  if (!force) {
    const duplicates = await findPropertyDuplicates(access, input);
    if (duplicates.length) return { duplicates };
  }
  return db().transactional(async (em) => {
    const property = em.create(Property, {
      ...fieldsOf(input),
      address: input.address,
      propertyAddress: input.address,
      project: access.project.id,
      hasLAA: input.hasLAA,
      spatialReference: "EPSG:4326",
    } as never) as IProperty;
    await em.flush();
    recordAudit({
      userId: access.user.id,
      action: force ? "property.create_ignoring_duplicates" : "property.create",
      entityType: "Property",
      entityId: property.id,
      clientId: clientIdOf(access),
      projectId: access.project.id,
      before: null,
      after: snapshot(property),
    });
    return { property };
  });
}

/** The stale-edit message of the property form (a 409 with the current values, see StaleEditError). */
export const PROPERTY_STALE_MESSAGE = "This property was changed by someone else after you opened it. The form now shows the current values: check them and save again.";
const stale = (current: IProperty) => new StaleEditError(PROPERTY_STALE_MESSAGE, propertyFormStrings(current));

/** Updates a property; `expectedVersion` (from the form) must still be current when given. */
export async function updateProperty(access: ProjectAccess, id: number, input: PropertyInput, expectedVersion: number | null = null): Promise<IProperty> {
  requirePermission(access, "editData");
  try {
    return await db().transactional(async (em) => {
      const property = await getProperty(access, id);
      if (expectedVersion !== null && property.version !== expectedVersion) throw stale(property);
      const before = snapshot(property);
      em.assign(property, { ...fieldsOf(input), propertyAddress: property.propertyAddress === property.address ? input.address : property.propertyAddress } as never);
      await em.flush();
      recordAudit({
        userId: access.user.id,
        action: "property.update",
        entityType: "Property",
        entityId: id,
        clientId: clientIdOf(access),
        projectId: access.project.id,
        before,
        after: snapshot(property),
      });
      return property;
    });
  } catch (error) {
    if (error instanceof OptimisticLockError) {
      const em = db();
      em.clear();
      throw stale(await getProperty(access, id));
    }
    throw error;
  }
}

/** Deletes a property: its stakeholder links go with it, its documents stay with the project (foreign keys). */
export async function deleteProperty(access: ProjectAccess, id: number): Promise<void> {
  requirePermission(access, "deleteData");
  await db().transactional(async (em) => {
    const property = await getProperty(access, id);
    const before = snapshot(property);
    em.remove(property);
    await em.flush();
    recordAudit({ userId: access.user.id, action: "property.delete", entityType: "Property", entityId: id, clientId: clientIdOf(access), projectId: access.project.id, before, after: null });
  });
}
