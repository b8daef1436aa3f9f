import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { todayForProject } from "~/modules/calendar/today";
import { laaStatus, type LaaStatus } from "~/modules/property/laa-status";
import { AppError } from "~/utils/app-error";
import { sqlOne, sqlRows } from "~db/sql.server";
import type { Geometry } from "./geojson";
import { bboxesOverlap, geometryBbox, type Bbox } from "./map-view";

/**
 * Reads of a project's parcels for the map, its /api list and the GIS export (docs/records.md#the-map).
 * Every read checks viewData first and is scoped to the selected project: a parcel's property is joined
 * only within the same project, so another client's rows can never appear.
 */

/** A parcel as the map, the list and the export show it: its property's address, LAA status and owners, and what the affected areas take. */
export interface ParcelRecord {
  id: number;
  propertyId: number | null;
  address: string | null;
  lotPlan: string | null;
  lotPlanKey: string | null;
  titleReference: string | null;
  laaStatus: LaaStatus;
  laaExpiryDate: string | null;
  owners: string[];
  areaM2: number;
  /** Square metres and share (0–1) of the parcel the project's affected areas take; null when none was computed. */
  affected: { m2: number; share: number } | null;
  bbox: Bbox;
  geometry: Geometry;
}

type Row = {
  id: number;
  property_id: number | null;
  address: string | null;
  lot_plan: string | null;
  lot_plan_key: string | null;
  title_reference: string | null;
  has_laa: boolean | null;
  laa_expiry_date: string | null;
  proprietors: string[] | null;
  area_m2: number;
  affected_m2: number | null;
  affected_share: number | null;
  min_lng: number;
  min_lat: number;
  max_lng: number;
  max_lat: number;
  geometry: Geometry;
};

/**
 * The parcels whose boxes overlap `bbox`: the `&&` on the same box expression as `parcel_bbox_index`,
 * so PostgreSQL answers from the GiST index, not a scan (tests/integration/parcel-map.test.ts checks
 * the plan). A parcel's loss is its `affected_m2`, the union of every affected area over it (ground under
 * two corridors counts once), as on the property page and in the export (docs/records.md#affected-areas).
 */
export function parcelsSql(options: { bbox: boolean; property?: boolean; limit?: boolean }) {
  return `select pa.id, pa.property_id, coalesce(p.address, pa.address) as address, coalesce(pa.lot_plan, p.lot_plan_line) as lot_plan,
          pa.lot_plan_key, pa.title_reference, p.has_laa, p.laa_expiry_date::text as laa_expiry_date, p.proprietors, pa.area_m2,
          nullif(pa.affected_m2, 0) as affected_m2, nullif(pa.affected_m2, 0) / nullif(pa.area_m2, 0) as affected_share, pa.min_lng, pa.min_lat, pa.max_lng, pa.max_lat, pa.geometry
     from parcel pa
     left join property p on p.id = pa.property_id and p.project_id = pa.project_id
    where pa.project_id = ?${options.bbox ? ` and box(point(pa.min_lng, pa.min_lat), point(pa.max_lng, pa.max_lat)) && box(point(?, ?), point(?, ?))` : ""}${
      options.property ? " and pa.property_id = ?" : ""
    }
    order by coalesce(p.address, pa.address) nulls last, pa.id${options.limit ? " limit ? offset ?" : ""}`;
}

const toRecord =
  (today: ReturnType<typeof todayForProject>) =>
  (r: Row): ParcelRecord => ({
    id: r.id,
    propertyId: r.property_id,
    address: r.address,
    lotPlan: r.lot_plan,
    lotPlanKey: r.lot_plan_key,
    titleReference: r.title_reference,
    laaStatus: r.property_id ? laaStatus(r.has_laa, r.laa_expiry_date, today) : "none",
    laaExpiryDate: r.has_laa ? r.laa_expiry_date : null,
    owners: r.proprietors ?? [],
    areaM2: Number(r.area_m2),
    affected: r.affected_m2 === null ? null : { m2: Number(r.affected_m2), share: Number(r.affected_share) },
    bbox: [Number(r.min_lng), Number(r.min_lat), Number(r.max_lng), Number(r.max_lat)],
    geometry: r.geometry,
  });

export interface ParcelQuery {
  bbox?: Bbox | null;
  /** Only this property's parcels. */
  propertyId?: number;
  /** A page of the rows (the /api list); otherwise at most `max` rows. */
  page?: { limit: number; offset: number };
}

/** The project's parcels (in a box, of a property, or all), with the property's LAA status judged on the project's today. */
export async function readParcels(access: ProjectAccess, query: ParcelQuery = {}, now = new Date()): Promise<ParcelRecord[]> {
  requirePermission(access, "viewData");
  const params: unknown[] = [access.project.id];
  if (query.bbox) params.push(...query.bbox);
  if (query.propertyId !== undefined) params.push(query.propertyId);
  if (query.page) params.push(query.page.limit, query.page.offset);
  const rows = await sqlRows<Row>(parcelsSql({ bbox: Boolean(query.bbox), property: query.propertyId !== undefined, limit: Boolean(query.page) }), params);
  return rows.map(toRecord(todayForProject(access.project, now)));
}

/** How many of the project's parcels overlap the box (all of them without one): the same index as readParcels. */
export async function countParcels(access: ProjectAccess, bbox: Bbox | null = null): Promise<number> {
  requirePermission(access, "viewData");
  const row = await sqlOne<{ n: number }>(
    `select count(*)::int as n from parcel pa where pa.project_id = ?${bbox ? ` and box(point(pa.min_lng, pa.min_lat), point(pa.max_lng, pa.max_lat)) && box(point(?, ?), point(?, ?))` : ""}`,
    bbox ? [access.project.id, ...bbox] : [access.project.id],
  );
  return Number(row?.n ?? 0);
}

/** The box around all the project's parcels (or one property's); null when there are none. */
export async function parcelExtent(access: ProjectAccess, propertyId?: number): Promise<Bbox | null> {
  requirePermission(access, "viewData");
  const row = await sqlOne<{ w: number | null; s: number; e: number; n: number }>(
    `select min(min_lng) as w, min(min_lat) as s, max(max_lng) as e, max(max_lat) as n from parcel where project_id = ?${propertyId === undefined ? "" : " and property_id = ?"}`,
    propertyId === undefined ? [access.project.id] : [access.project.id, propertyId],
  );
  return row && row.w !== null ? [Number(row.w), Number(row.s), Number(row.e), Number(row.n)] : null;
}

/** 404 unless the property is one of the project's (another client's id is not found, docs/access.md#tenancy). */
export async function requireProjectProperty(access: ProjectAccess, propertyId: number): Promise<{ id: number; address: string }> {
  requirePermission(access, "viewData");
  const row = await sqlOne<{ id: number; address: string }>("select id, address from property where id = ? and project_id = ?", [propertyId, access.project.id]);
  if (!row) throw new AppError(404, "Property not found");
  return row;
}

export interface AffectedAreaOutline {
  id: number;
  name: string;
  geometry: Geometry;
}

/** The project's affected areas (corridors, easements) that overlap the box: few per project, so their boxes are worked out here. */
export async function readAffectedAreas(access: ProjectAccess, bbox: Bbox): Promise<AffectedAreaOutline[]> {
  requirePermission(access, "viewData");
  const rows = await sqlRows<AffectedAreaOutline>("select id, name, geometry from affected_area where project_id = ? order by name, id", [access.project.id]);
  return rows.filter((area) => {
    const box = geometryBbox(area.geometry);
    return box !== null && bboxesOverlap(box, bbox);
  });
}
