/**
 * The review step of a parcel import (docs/import.md#parcels): the parcels the import could not match to a
 * property by lot/plan, and the user's decision on each: create a property from it (address, lot/plan and
 * title reference from the parcel; the property belongs to the import, so Undo removes it), link it to an
 * existing property of the project, or leave it unlinked. Every function checks importData first and scopes
 * by the project and the import (another project's import or parcel is 404).
 */
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { parseLotPlan } from "~/modules/duplicates/lot-plan";
import { parseVolumeFolio } from "~/modules/duplicates/title-references";
import { AppError } from "~/utils/app-error";
import { likePattern } from "~/utils/list-query";
import { refId } from "~db/entities/refs";
import { PROPERTY_SEARCH_COLUMNS, searchTextSql } from "~db/entities/search-text";
import { sqlRows, withPgTransaction, type PgClient } from "~db/sql.server";
import { getImport, type ImportView } from "./imports.server";
import type { ParcelResolution } from "./schemas";

export const PARCEL_NOT_FOUND = "Parcel not found";
export const PROPERTY_NOT_FOUND = "Property not found";
export const PARCELS_RESOLVED_TITLE = "Parcels Reviewed";
const SEARCH_TEXT = searchTextSql(PROPERTY_SEARCH_COLUMNS, "p");
/** Properties offered for one search (the user narrows the search rather than paging). */
export const LINK_CHOICES = 10;

export interface UnmatchedParcel {
  id: number;
  lotPlan: string | null;
  lotPlanKey: string | null;
  address: string | null;
  titleReference: string | null;
  areaM2: number;
}

export interface LinkChoice {
  id: number;
  address: string;
  lotPlan: string | null;
}

/** The import, refused unless it is a completed parcel import of the project. */
export async function getParcelImport(access: ProjectAccess, importId: number): Promise<ImportView> {
  requirePermission(access, "importData");
  const view = await getImport(access, importId);
  if (view.importType !== "parcels") throw new AppError(404, "This import has no parcels to review");
  return view;
}

/** How many of the import's parcels are linked to a property, and how many are not (as they are now). */
export async function parcelCounts(access: ProjectAccess, importId: number): Promise<{ matched: number; unmatched: number }> {
  requirePermission(access, "importData");
  const [row] = await sqlRows<{ matched: number; unmatched: number }>(
    `select count(*) filter (where property_id is not null)::int as matched, count(*) filter (where property_id is null)::int as unmatched
       from parcel where import_id = ? and project_id = ?`,
    [importId, access.project.id],
  );
  return { matched: row?.matched ?? 0, unmatched: row?.unmatched ?? 0 };
}

const UNMATCHED_SELECT = `select id, lot_plan, lot_plan_key, address, title_reference, area_m2 from parcel where import_id = ? and project_id = ? and property_id is null`;
type UnmatchedRow = { id: number; lot_plan: string | null; lot_plan_key: string | null; address: string | null; title_reference: string | null; area_m2: number };
const toUnmatched = (r: UnmatchedRow): UnmatchedParcel => ({
  id: r.id,
  lotPlan: r.lot_plan,
  lotPlanKey: r.lot_plan_key,
  address: r.address,
  titleReference: r.title_reference,
  areaM2: Number(r.area_m2),
});

/** One page of the import's parcels without a property, in file order. */
export async function listUnmatchedParcels(access: ProjectAccess, importId: number, { limit, offset }: { limit: number; offset: number }): Promise<UnmatchedParcel[]> {
  requirePermission(access, "importData");
  const rows = await sqlRows<UnmatchedRow>(`${UNMATCHED_SELECT} order by id limit ? offset ?`, [importId, access.project.id, Math.min(Math.max(limit, 1), 1000), Math.max(offset, 0)]);
  return rows.map(toUnmatched);
}

/** One unmatched parcel of the import (the search-then-pick is for it); 404 when it is not one. */
export async function getUnmatchedParcel(access: ProjectAccess, importId: number, parcelId: number): Promise<UnmatchedParcel> {
  requirePermission(access, "importData");
  const [row] = await sqlRows<UnmatchedRow>(`${UNMATCHED_SELECT} and id = ?`, [importId, access.project.id, parcelId]);
  if (!row) throw new AppError(404, PARCEL_NOT_FOUND);
  return toUnmatched(row);
}

/** Properties of the project a search names, by address, title or lot/plan: the choices to link a parcel to. */
export async function searchLinkChoices(access: ProjectAccess, search: string): Promise<LinkChoice[]> {
  requirePermission(access, "importData");
  const term = search.trim().slice(0, 200);
  if (!term) return [];
  const pattern = likePattern(term);
  const rows = await sqlRows<{ id: number; address: string; lot_plan: string | null }>(
    `select p.id, p.address, coalesce(p.lot_plan_line, nullif(concat_ws(' ', nullif(p.lot, ''), nullif(p.plan_number, '')), '')) as lot_plan
       from property p
      where p.project_id = ?
        and (${SEARCH_TEXT} ilike ? or coalesce(p.lot_plan_line, '') ilike ? or concat_ws('/', p.lot, p.plan_number) ilike ?)
      order by lower(p.address), p.id limit ?`,
    [access.project.id, pattern, pattern, pattern, LINK_CHOICES],
  );
  return rows.map((r) => ({ id: r.id, address: r.address, lotPlan: r.lot_plan }));
}

interface ParcelRow {
  id: number;
  property_id: number | null;
  lot_plan: string | null;
  lot_plan_key: string | null;
  address: string | null;
  title_reference: string | null;
  area_m2: number;
}

/** The property a parcel becomes: its address (else its lot/plan), lot/plan and title reference, and its area as written on titles. */
export function propertyFromParcel(parcel: Pick<ParcelRow, "id" | "lot_plan" | "lot_plan_key" | "address" | "title_reference" | "area_m2">): Record<string, string | null> {
  const parsed = parcel.lot_plan_key ? parseLotPlan(parcel.lot_plan_key) : null;
  const title = parcel.title_reference ? parseVolumeFolio(parcel.title_reference) : null;
  return {
    address: parcel.address ?? parcel.lot_plan ?? `Parcel ${parcel.id}`,
    lot: parsed && !parsed.section ? parsed.lot : null,
    plan_number: parsed && !parsed.section ? `${parsed.planType ?? ""}${parsed.planNumber}` : null,
    lot_plan_line: parcel.lot_plan,
    volume: title ? title.volume : null,
    folio: title ? `${title.folio}${title.suffix}` : null,
    search: parcel.title_reference && !title ? parcel.title_reference : null,
    area: `${(Number(parcel.area_m2) / 10_000).toFixed(4)} ha`,
  };
}

async function audit(client: PgClient, access: ProjectAccess, action: string, entity: string, id: number, after: unknown) {
  await client.query(`insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, after) values ($1, $2, $3, $4, $5, $6, $7)`, [
    access.user.id,
    refId(access.project.client),
    access.project.id,
    action,
    entity,
    String(id),
    JSON.stringify(after),
  ]);
}

async function linkParcel(client: PgClient, access: ProjectAccess, parcelId: number, propertyId: number) {
  await client.query(`update parcel set property_id = $1, updated_at = now() where id = $2`, [propertyId, parcelId]);
  await audit(client, access, "parcel.update", "Parcel", parcelId, { propertyId });
}

/**
 * Applies the decisions in one transaction, all or none: a parcel that is not an unmatched parcel of this
 * import, or a property not of this project, refuses the whole request (404) and nothing changes.
 */
export async function resolveParcels(access: ProjectAccess, importId: number, resolutions: readonly ParcelResolution[]): Promise<{ created: number; linked: number; left: number }> {
  requirePermission(access, "importData");
  const view = await getParcelImport(access, importId);
  if (view.status !== "completed") throw new AppError(409, `Only a completed import's parcels can be reviewed; this one is ${view.status}.`, "IMPORT_NOT_COMPLETED");
  const projectId = access.project.id;
  return withPgTransaction(async (client) => {
    const outcome = { created: 0, linked: 0, left: 0 };
    for (const resolution of resolutions) {
      const {
        rows: [parcel],
      } = await client.query<ParcelRow>(
        `select id, property_id, lot_plan, lot_plan_key, address, title_reference, area_m2 from parcel where id = $1 and import_id = $2 and project_id = $3 for update`,
        [resolution.parcelId, importId, projectId],
      );
      if (!parcel) throw new AppError(404, PARCEL_NOT_FOUND);
      if (resolution.action === "leave") {
        outcome.left++;
        continue;
      }
      if (parcel.property_id !== null) throw new AppError(409, `Parcel ${parcel.lot_plan ?? parcel.id} is already linked to a property.`, "PARCEL_LINKED");
      if (resolution.action === "link") {
        const { rows } = await client.query<{ id: number }>(`select id from property where id = $1 and project_id = $2`, [resolution.propertyId, projectId]);
        if (!rows[0]) throw new AppError(404, PROPERTY_NOT_FOUND);
        await linkParcel(client, access, parcel.id, rows[0].id);
        outcome.linked++;
        continue;
      }
      const fields = propertyFromParcel(parcel);
      const names = Object.keys(fields);
      const {
        rows: [created],
      } = await client.query<{ id: number; after: unknown }>(
        `insert into property (project_id, import_id, property_address, ${names.map((n) => `"${n}"`).join(", ")})
         values ($1, $2, $3, ${names.map((_, i) => `$${i + 4}`).join(", ")})
         returning id, jsonb_strip_nulls(to_jsonb(property.*) - 'match_keys') as after`,
        [projectId, importId, fields.address, ...names.map((n) => fields[n])],
      );
      await audit(client, access, "property.create", "Property", created!.id, created!.after);
      await linkParcel(client, access, parcel.id, created!.id);
      outcome.created++;
    }
    return outcome;
  });
}

/** Every unmatched parcel's id (the review step's "Create a property for each"), at most 10,000. */
export async function unmatchedParcelIds(access: ProjectAccess, importId: number): Promise<number[]> {
  requirePermission(access, "importData");
  const rows = await sqlRows<{ id: number }>(`select id from parcel where import_id = ? and project_id = ? and property_id is null order by id limit 10000`, [importId, access.project.id]);
  return rows.map((r) => r.id);
}
