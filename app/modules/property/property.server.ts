import { OptimisticLockError } from "@mikro-orm/core";
import { Property, type IProperty } from "~db/entities/Property";
import { Stakeholder } from "~db/entities/Stakeholder";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { linkedStakeholderIds } from "~/modules/links/links.server";
import { requirePermission, type ProjectAccess } from "~/modules/project/access.server";
import { AppError } from "~/utils/app-error";
import { findDuplicates, normaliseAddress, normaliseTitleRef, type DuplicateCandidate, type PropertyMatchInput } from "./duplicate-matching";
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
  const connection = db().getConnection();
  const [rows, [count]] = await Promise.all([
    connection.execute<{ id: number }[]>(
      `select s.id from stakeholder s join stakeholder_property sp on sp.stakeholder_id = s.id and sp.project_id = s.project_id
      where sp.project_id = ? and sp.property_id = ? order by s.name, s.id limit ? offset ?`,
      [access.project.id, propertyId, page.limit, page.offset],
    ),
    connection.execute<{ n: number }[]>("select count(*)::int as n from stakeholder_property where project_id = ? and property_id = ?", [access.project.id, propertyId]),
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
 * Possible duplicates of a new (or edited) property: a few indexed lookups fetch likely rows (same
 * volume/folio, same volume or folio, same lot/plan, trigram-similar address) and the pure matcher
 * decides and scores them.
 */
export async function findPropertyDuplicates(access: ProjectAccess, input: PropertyMatchInput, excludeId: number | null = null): Promise<DuplicateCandidate[]> {
  const projectId = access.project.id;
  const volume = input.volume?.trim() ?? "";
  const folio = input.folio?.trim() ?? "";
  const lot = normaliseTitleRef(input.lot);
  const plan = normaliseTitleRef(input.planNumber);
  const lotPlanLine = input.lotPlanLine?.trim() ?? "";
  const address = input.address.trim();
  const ref = (column: string) => `ltrim(upper(regexp_replace(coalesce(${column}, ''), '[^A-Za-z0-9]', '', 'g')), '0')`;
  const parts: string[] = [];
  const params: unknown[] = [];
  const columns = "p.id, p.address, p.volume, p.folio, p.lot, p.plan_number, p.lot_plan_line, p.proprietors";
  if (volume && folio) {
    // Exact title reference: the (project, volume, folio) index.
    parts.push(`(select ${columns} from property p where p.project_id = ? and p.volume = ? and p.folio = ? limit 20)`);
    params.push(projectId, volume, folio);
  }
  if (volume || folio) {
    parts.push(`(select ${columns} from property p where p.project_id = ? and ((? <> '' and ${ref("p.volume")} = ?) or (? <> '' and ${ref("p.folio")} = ?)) limit 200)`);
    const [nv, nf] = [normaliseTitleRef(volume).replace(/^0+/, ""), normaliseTitleRef(folio).replace(/^0+/, "")];
    params.push(projectId, nv, nv, nf, nf);
  }
  if ((lot && plan) || lotPlanLine) {
    parts.push(
      `(select ${columns} from property p where p.project_id = ? and ((? <> '' and ${ref("p.lot")} = ? and ${ref("p.plan_number")} = ?) or (? <> '' and lower(p.lot_plan_line) = lower(?))) limit 20)`,
    );
    params.push(projectId, lot && plan ? "y" : "", lot.replace(/^0+/, ""), plan.replace(/^0+/, ""), lotPlanLine, lotPlanLine);
  }
  if (address) {
    // `%` is pg_trgm's similarity test (threshold 0.3), served by the trigram index; the matcher
    // applies the real threshold after normalising abbreviations.
    parts.push(`(select ${columns} from property p where p.project_id = ? and (p.address % ? or p.address % ?) order by greatest(similarity(p.address, ?), similarity(p.address, ?)) desc limit 20)`);
    const normalised = normaliseAddress(address);
    params.push(projectId, address, normalised, address, normalised);
  }
  if (!parts.length) return [];
  const rows = await db().execute<Record<string, unknown>[]>(parts.join(" union "), params);
  const existing = rows
    .filter((r) => Number(r.id) !== excludeId)
    .map((r) => ({
      id: Number(r.id),
      address: String(r.address),
      volume: (r.volume as string | null) ?? null,
      folio: (r.folio as string | null) ?? null,
      lot: (r.lot as string | null) ?? null,
      planNumber: (r.plan_number as string | null) ?? null,
      lotPlanLine: (r.lot_plan_line as string | null) ?? null,
      proprietors: proprietorList(r.proprietors),
    }));
  return findDuplicates(input, existing);
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

/** Refused because the property changed since the form was rendered; carries the current record. */
export class StalePropertyError extends AppError {
  constructor(public readonly current: IProperty) {
    super(409, "This property was changed by someone else after you opened it. The form now shows the current values: check them and save again.", "STALE_VERSION");
  }
}

/** Updates a property; `expectedVersion` (from the form) must still be current when given. */
export async function updateProperty(access: ProjectAccess, id: number, input: PropertyInput, expectedVersion: number | null = null): Promise<IProperty> {
  requirePermission(access, "editData");
  try {
    return await db().transactional(async (em) => {
      const property = await getProperty(access, id);
      if (expectedVersion !== null && property.version !== expectedVersion) throw new StalePropertyError(property);
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
      throw new StalePropertyError(await getProperty(access, id));
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
