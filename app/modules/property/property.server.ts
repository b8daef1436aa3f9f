import { OptimisticLockError } from "@mikro-orm/core";
import { Property, type IProperty } from "~db/entities/Property";
import { Stakeholder } from "~db/entities/Stakeholder";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { linkedStakeholderIds } from "~/modules/links/links.server";
import { prioritySqlExpression } from "~/modules/next-action/priority";
import { hasPermission } from "~/modules/permissions/permissions";
import type { ProjectAccess } from "~/modules/project/access.server";
import { AppError, forbidden } from "~/utils/app-error";
import { likePattern } from "~/utils/list-query";
import { findDuplicates, normaliseAddress, normaliseTitleRef, type DuplicateCandidate, type PropertyMatchInput } from "./duplicate-matching";
import { laaStatusSql, type LaaFilter } from "./laa-status";
import type { PropertyInput } from "./schemas";

/**
 * Properties of one project: the list with search, LAA filter, sort and pages; the summary tiles;
 * details; create (with the duplicate check), update (refusing stale versions), delete. Every
 * function takes the caller's ProjectAccess and scopes every query by its project.
 */
export const PROPERTY_SORT_KEYS = ["address", "volume", "folio", "laaExpiryDate", "nextActionPriority"] as const;
export type PropertySortKey = (typeof PROPERTY_SORT_KEYS)[number];

const idOf = (ref: unknown) => Number((ref as { id: number }).id);
const clientIdOf = (access: ProjectAccess) => idOf(access.project.client);

function requireEdit(access: ProjectAccess) {
  if (!hasPermission(access.role, "editData")) throw forbidden();
}

/** Natural order for title references: the digits as a number, then the text. */
const titleRefOrder = (column: string, dir: string) =>
  `nullif(regexp_replace(${column}, '\\D', '', 'g'), '')::numeric ${dir} nulls last, ${column} ${dir} nulls last`;

const ORDER_BY: Record<PropertySortKey, (dir: "asc" | "desc") => string> = {
  address: (dir) => `lower(p.address) ${dir}`,
  volume: (dir) => `${titleRefOrder("p.volume", dir)}, ${titleRefOrder("p.folio", dir)}`,
  folio: (dir) => titleRefOrder("p.folio", dir),
  laaExpiryDate: (dir) => `(case when p.has_laa then p.laa_expiry_date end) ${dir} nulls last`,
  nextActionPriority: (dir) => `${prioritySqlExpression("p.next_action_due_date")} ${dir}, p.next_action_due_date ${dir} nulls last`,
};

export interface PropertyListQuery {
  search?: string;
  laa?: LaaFilter;
  sort?: PropertySortKey;
  dir?: "asc" | "desc";
  limit: number;
  offset: number;
}

function listWhere(access: ProjectAccess, query: Pick<PropertyListQuery, "search" | "laa">) {
  const clauses = ["p.project_id = ?"];
  const params: unknown[] = [access.project.id];
  if (query.search) {
    const pattern = likePattern(query.search);
    clauses.push("(p.address ilike ? or p.search ilike ? or p.volume ilike ? or p.folio ilike ? or p.proprietors::text ilike ?)");
    params.push(pattern, pattern, pattern, pattern, pattern);
  }
  if (query.laa === "with") clauses.push("p.has_laa");
  if (query.laa === "without") clauses.push("not p.has_laa");
  return { sql: clauses.join(" and "), params };
}

export interface PropertyListRow {
  id: number;
  address: string;
  volume: string | null;
  folio: string | null;
  proprietors: string[];
  titleType: string | null;
  lotPlanLine: string | null;
  hasLAA: boolean;
  laaExpiryDate: string | null;
  laaDetails: string | null;
  nextAction: string | null;
  nextActionDueDate: string | null;
  linkedStakeholders: { id: number; name: string }[];
}

const asDate = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : typeof value === "string" ? value.slice(0, 10) : null);
const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : typeof value === "string" && value ? [value] : []);

/** One page of the project's properties, the total matching, and their linked stakeholders (one query). */
export async function listProperties(access: ProjectAccess, query: PropertyListQuery): Promise<{ rows: PropertyListRow[]; total: number }> {
  const em = db();
  const where = listWhere(access, query);
  const order = ORDER_BY[query.sort ?? "address"](query.dir ?? "asc");
  const rows = await em.execute<Record<string, unknown>[]>(
    `select p.id, p.address, p.volume, p.folio, p.proprietors, p.title_type, p.lot_plan_line, p.has_laa,
            p.laa_expiry_date::text as laa_expiry_date, p.laa_details, p.next_action,
            p.next_action_due_date::text as next_action_due_date, count(*) over () as total
       from property p where ${where.sql}
      order by ${order}, p.id ${query.dir ?? "asc"} limit ? offset ?`,
    [...where.params, query.limit, query.offset],
  );
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && query.offset > 0) {
    const [counted] = await em.execute<{ total: string }[]>(`select count(*) as total from property p where ${where.sql}`, where.params);
    total = Number(counted?.total ?? 0);
  }
  const ids = rows.map((r) => Number(r.id));
  const links = ids.length
    ? await em.execute<{ property_id: number; id: number; name: string }[]>(
        `select sp.property_id, s.id, s.name from stakeholder_property sp join stakeholder s on s.id = sp.stakeholder_id
          where sp.project_id = ? and sp.property_id in (${ids.map(() => "?").join(", ")}) order by lower(s.name), s.id`,
        [access.project.id, ...ids],
      )
    : [];
  const linked = new Map<number, { id: number; name: string }[]>();
  for (const link of links) {
    const list = linked.get(Number(link.property_id)) ?? [];
    list.push({ id: Number(link.id), name: link.name });
    linked.set(Number(link.property_id), list);
  }
  return {
    total,
    rows: rows.map((r) => ({
      id: Number(r.id),
      address: String(r.address),
      volume: (r.volume as string | null) ?? null,
      folio: (r.folio as string | null) ?? null,
      proprietors: asList(r.proprietors),
      titleType: (r.title_type as string | null) ?? null,
      lotPlanLine: (r.lot_plan_line as string | null) ?? null,
      hasLAA: Boolean(r.has_laa),
      laaExpiryDate: asDate(r.laa_expiry_date),
      laaDetails: (r.laa_details as string | null) ?? null,
      nextAction: (r.next_action as string | null) ?? null,
      nextActionDueDate: asDate(r.next_action_due_date),
      linkedStakeholders: linked.get(Number(r.id)) ?? [],
    })),
  };
}

/** The full properties of a page of the list, in list order (for /api). */
export async function listPropertyEntities(access: ProjectAccess, query: PropertyListQuery): Promise<{ properties: IProperty[]; total: number }> {
  const { rows, total } = await listProperties(access, query);
  if (!rows.length) return { properties: [], total };
  const found = await db().find(Property, { id: { $in: rows.map((r) => r.id) }, project: access.project.id });
  const byId = new Map(found.map((p) => [p.id, p]));
  return { properties: rows.map((r) => byId.get(r.id)).filter((p): p is IProperty => Boolean(p)), total };
}

export interface PropertyStats {
  total: number;
  freehold: number;
  certificateOfTitle: number;
  withLaa: number;
  laaExpired: number;
  laaExpiringSoon: number;
}

/** The four summary tiles, for the whole project, in one query. */
export async function propertyStats(access: ProjectAccess): Promise<PropertyStats> {
  const laa = laaStatusSql("p");
  const [row] = await db().execute<Record<string, string>[]>(
    `select count(*) as total,
            count(*) filter (where p.title_type = 'FREEHOLD') as freehold,
            count(*) filter (where p.title_type = 'CoT') as cot,
            count(*) filter (where ${laa.withLaa}) as with_laa,
            count(*) filter (where ${laa.expired}) as expired,
            count(*) filter (where ${laa.expiringSoon}) as expiring
       from property p where p.project_id = ?`,
    [access.project.id],
  );
  return {
    total: Number(row?.total ?? 0),
    freehold: Number(row?.freehold ?? 0),
    certificateOfTitle: Number(row?.cot ?? 0),
    withLaa: Number(row?.with_laa ?? 0),
    laaExpired: Number(row?.expired ?? 0),
    laaExpiringSoon: Number(row?.expiring ?? 0),
  };
}

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
    parts.push(`(select ${columns} from property p where p.project_id = ? and ((? <> '' and ${ref("p.lot")} = ? and ${ref("p.plan_number")} = ?) or (? <> '' and lower(p.lot_plan_line) = lower(?))) limit 20)`);
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
      proprietors: asList(r.proprietors),
    }));
  return findDuplicates(input, existing);
}

const AUDITED_FIELDS = ["address", "volume", "folio", "area", "zoning", "notes", "nextAction", "nextActionDueDate", "hasLAA", "laaExpiryDate", "laaDetails", "lot", "planNumber", "lotPlanLine"] as const;

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
  requireEdit(access);
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
    recordAudit({ userId: access.user.id, action: force ? "property.create_ignoring_duplicates" : "property.create", entityType: "Property", entityId: property.id, clientId: clientIdOf(access), projectId: access.project.id, before: null, after: snapshot(property) });
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
  requireEdit(access);
  try {
    return await db().transactional(async (em) => {
      const property = await getProperty(access, id);
      if (expectedVersion !== null && property.version !== expectedVersion) throw new StalePropertyError(property);
      const before = snapshot(property);
      em.assign(property, { ...fieldsOf(input), propertyAddress: property.propertyAddress === property.address ? input.address : property.propertyAddress } as never);
      await em.flush();
      recordAudit({ userId: access.user.id, action: "property.update", entityType: "Property", entityId: id, clientId: clientIdOf(access), projectId: access.project.id, before, after: snapshot(property) });
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
  if (!hasPermission(access.role, "deleteData")) throw forbidden();
  await db().transactional(async (em) => {
    const property = await getProperty(access, id);
    const before = snapshot(property);
    em.remove(property);
    await em.flush();
    recordAudit({ userId: access.user.id, action: "property.delete", entityType: "Property", entityId: id, clientId: clientIdOf(access), projectId: access.project.id, before, after: null });
  });
}
