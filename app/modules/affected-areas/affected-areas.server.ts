/**
 * Corridors and easements of a project and what they take of each parcel (docs/records.md#affected-areas):
 * the upload (read, checked, buffered, laid over the parcels whose boxes meet it, all in one transaction),
 * the delete, the reads the screens show, and `computeAffectedAreasForParcels` for parcels that arrive later.
 */
import { db } from "~db/orm";
import { sqlExecute, sqlRows, type PgClient } from "~db/sql.server";
import { refId } from "~db/entities/refs";
import { recordAudit } from "~/modules/audit/audit.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError, FieldError } from "~/utils/app-error";
import { log } from "~/utils/log.server";
import { bboxOf, parcelLosses, polygonAreaM2, prepareCorridor, zoneFor, type PreparedCorridor } from "~/modules/parcels/area";
import { toGda2020 } from "~/modules/parcels/crs";
import { corridorFromFeatures, type AffectedAreaKind } from "~/modules/parcels/corridor-file";
import type { MultiPolygon, Polygon } from "~/modules/parcels/geojson";
import { GisFileError, readGisFile } from "~/modules/parcels/read-gis";
import type { AffectedAreaUpload } from "./schemas";

/** Keeps one project's affected-area writes in turn (an upload, a delete, an import's parcels): "AF". */
const LOCK_NAMESPACE = 0x4146;

/** `?` placeholders on the ORM's current transaction, or on the caller's raw pg client (the import job's). */
interface SqlRunner {
  rows<T extends object>(sql: string, params: unknown[]): Promise<T[]>;
}
const ormRunner: SqlRunner = { rows: (sql, params) => sqlRows(sql, params) };
function pgRunner(client: PgClient): SqlRunner {
  return {
    rows: async <T extends object>(sql: string, params: unknown[]) => {
      let n = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as T[];
    },
  };
}

/** A list as a PostgreSQL array literal ("{1,2,3}"), one parameter whichever client runs it (knex would spread a JS array into a list). */
const pgArray = (values: readonly number[]) => `{${values.join(",")}}`;

const lockProject = (sql: SqlRunner, projectId: number) => sql.rows("select pg_advisory_xact_lock(?::int, ?::int)", [LOCK_NAMESPACE, projectId]);

/** Parcels worked through per round: their shapes and results in memory at once. */
const PARCEL_BATCH = 500;

/**
 * Recomputes the rows of these parcels against every affected area of the project: each area's overlap
 * (parcel_affected_area) and their union (parcel.affected_m2). Runs on the caller's transaction.
 */
async function recomputeParcels(sql: SqlRunner, projectId: number, parcelIds: readonly number[]): Promise<number> {
  const ids = [...new Set(parcelIds)];
  if (!ids.length) return 0;
  const areas = await sql.rows<{ id: number; geometry: Polygon | MultiPolygon }>("select id, geometry from affected_area where project_id = ? order by id", [projectId]);
  const corridors = areas.map((a) => prepareCorridor(a.id, a.geometry));
  let touched = 0;
  for (let start = 0; start < ids.length; start += PARCEL_BATCH) {
    const batch = ids.slice(start, start + PARCEL_BATCH);
    const parcels = await sql.rows<{ id: number; geometry: Polygon | MultiPolygon; lotPlan: string | null }>(
      `select id, geometry, lot_plan as "lotPlan" from parcel where project_id = ? and id = any(?::int[]) order by id`,
      [projectId, pgArray(batch)],
    );
    const rows: { parcel: number[]; area: number[]; m2: number[]; share: number[] } = { parcel: [], area: [], m2: [], share: [] };
    const totals: { id: number[]; m2: number[] } = { id: [], m2: [] };
    for (const parcel of parcels) {
      const loss = lossOf(parcel, corridors);
      for (const part of loss.byArea) {
        rows.parcel.push(parcel.id);
        rows.area.push(part.id);
        rows.m2.push(part.m2);
        rows.share.push(part.share);
      }
      totals.id.push(parcel.id);
      totals.m2.push(loss.m2);
      if (loss.m2 > 0) touched++;
    }
    await sql.rows("delete from parcel_affected_area where project_id = ? and parcel_id = any(?::int[])", [projectId, pgArray(batch)]);
    if (rows.parcel.length) {
      await sql.rows(
        `insert into parcel_affected_area (parcel_id, affected_area_id, project_id, area_m2, share)
         select t.parcel_id, t.area_id, ?, t.m2, t.share from unnest(?::int[], ?::int[], ?::float8[], ?::float8[]) as t(parcel_id, area_id, m2, share)`,
        [projectId, pgArray(rows.parcel), pgArray(rows.area), pgArray(rows.m2), pgArray(rows.share)],
      );
    }
    await sql.rows(`update parcel set affected_m2 = t.m2 from unnest(?::int[], ?::float8[]) as t(id, m2) where parcel.id = t.id and parcel.project_id = ?`, [
      pgArray(totals.id),
      pgArray(totals.m2),
      projectId,
    ]);
  }
  return touched;
}

function lossOf(parcel: { id: number; geometry: Polygon | MultiPolygon; lotPlan: string | null }, corridors: PreparedCorridor<number>[]) {
  try {
    return parcelLosses(parcel.geometry, corridors);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // polyclip-ts gives up on some near-degenerate shapes: the whole write is refused, nothing half-done.
    log.warn({ component: "affected-areas", err: error, parcelId: parcel.id }, "Affected area overlap failed");
    throw new AppError(422, `The overlap with parcel ${parcel.lotPlan ?? `#${parcel.id}`} could not be computed. Check that parcel's and the affected area's shapes in your GIS.`);
  }
}

/**
 * For parcels written after the project's affected areas (the parcel import): computes their
 * parcel_affected_area rows and totals, on the caller's transaction — the ORM's current one when
 * `client` is null, else the raw pg client's. Takes the project's affected-area lock, so an upload
 * running at the same time sees these parcels or they see its area. Returns how many parcels lose land.
 */
export async function computeAffectedAreasForParcels(client: PgClient | null, projectId: number, parcelIds: readonly number[]): Promise<number> {
  if (!parcelIds.length) return 0;
  const sql = client ? pgRunner(client) : ormRunner;
  await lockProject(sql, projectId);
  // New parcels start with no loss (affected_m2 0, no rows): with no areas there is nothing to compute.
  const [any] = await sql.rows<{ found: boolean }>("select exists (select 1 from affected_area where project_id = ?) as found", [projectId]);
  if (!any?.found) return 0;
  return recomputeParcels(sql, projectId, parcelIds);
}

export interface AffectedAreaRow {
  id: number;
  name: string;
  kind: AffectedAreaKind;
  widthMetres: number | null;
  /** The corridor's own area, square metres on the ellipsoid. */
  areaM2: number;
  parcels: number;
  /** What it takes of the parcels, summed. */
  parcelM2: number;
  createdAt: string;
}

/** One page of the project's affected areas, by name. */
export async function listAffectedAreas(access: ProjectAccess, { limit = 25, offset = 0 }: { limit?: number; offset?: number } = {}): Promise<{ rows: AffectedAreaRow[]; total: number }> {
  requirePermission(access, "viewData");
  const rows = await sqlRows<Omit<AffectedAreaRow, "areaM2"> & { geometry: Polygon | MultiPolygon; total: number }>(
    `select a.id, a.name, a.kind, a.width_metres as "widthMetres", a.geometry, a.created_at as "createdAt",
            (select count(*)::int from parcel_affected_area x where x.affected_area_id = a.id) as parcels,
            (select coalesce(sum(x.area_m2), 0) from parcel_affected_area x where x.affected_area_id = a.id) as "parcelM2",
            (count(*) over ())::int as total
       from affected_area a where a.project_id = ? order by lower(a.name), a.id limit ? offset ?`,
    [access.project.id, limit, offset],
  );
  const total = rows[0]?.total ?? (offset > 0 ? ((await sqlRows<{ n: number }>("select count(*)::int as n from affected_area where project_id = ?", [access.project.id]))[0]?.n ?? 0) : 0);
  return {
    total,
    rows: rows.map(({ geometry, total: _total, createdAt, ...row }) => ({ ...row, createdAt: new Date(createdAt).toISOString(), areaM2: polygonAreaM2(geometry) })),
  };
}

export interface AffectedAreaDetail extends Omit<AffectedAreaRow, "parcels" | "parcelM2"> {
  parcels: { parcelId: number; lotPlan: string | null; propertyId: number | null; areaM2: number; share: number }[];
}

async function findArea(access: ProjectAccess, id: number) {
  const [area] = await sqlRows<{ id: number; name: string; kind: AffectedAreaKind; widthMetres: number | null; geometry: Polygon | MultiPolygon; createdAt: string }>(
    `select id, name, kind, width_metres as "widthMetres", geometry, created_at as "createdAt" from affected_area where id = ? and project_id = ?`,
    [id, access.project.id],
  );
  if (!area) throw new AppError(404, "Affected area not found");
  return area;
}

/** One affected area with each parcel it takes land from (another project's or client's id: 404). */
export async function getAffectedArea(access: ProjectAccess, id: number): Promise<AffectedAreaDetail> {
  requirePermission(access, "viewData");
  const { geometry, createdAt, ...area } = await findArea(access, id);
  const parcels = await sqlRows<AffectedAreaDetail["parcels"][number]>(
    `select p.id as "parcelId", p.lot_plan as "lotPlan", p.property_id as "propertyId", x.area_m2 as "areaM2", x.share
       from parcel_affected_area x join parcel p on p.id = x.parcel_id
      where x.affected_area_id = ? and x.project_id = ? order by x.area_m2 desc, p.id`,
    [id, access.project.id],
  );
  return { ...area, createdAt: new Date(createdAt).toISOString(), areaM2: polygonAreaM2(geometry), parcels };
}

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** The file read and converted to GDA2020, or refused with the reason on the field it concerns. */
async function readCorridorFile(file: UploadedFile, input: AffectedAreaUpload) {
  let read;
  try {
    read = await readGisFile(file.name, file.bytes, { crs: input.crs });
  } catch (error) {
    if (error instanceof GisFileError) throw new FieldError(error.status === 413 || error.status === 415 ? error.status : 422, error.message.replace("Parcel boundaries", "Affected areas"), "file");
    throw error;
  }
  const unknown = read.problems.find((p) => p.problem === "unknown-crs");
  if (unknown && !input.crs)
    throw new FieldError(422, `${unknown.message.replace("parcels cannot be imported in", "is not one affected areas can be read in")} Choose the coordinate system it is in.`, "crs");
  // GeoJSON in degrees without a `crs` member is WGS84 by RFC 7946 (read-gis.ts suggests it).
  const crs = read.crs ?? read.suggestedCrs;
  if (!crs) throw new FieldError(422, "The file does not say which coordinate system it uses: choose it.", "crs");
  return { features: toGda2020(read.features, crs), crs };
}

/**
 * Uploads a corridor or easement: the file read and checked, a centre line buffered by its width, then in
 * one transaction the area stored and every parcel whose box meets its box (the GiST index on the parcel's
 * box) given its overlap. A refusal or a failure leaves nothing behind.
 */
export async function createAffectedArea(access: ProjectAccess, input: AffectedAreaUpload, file: UploadedFile | null): Promise<{ id: number; name: string; parcels: number }> {
  requirePermission(access, "editData");
  if (!file || !file.bytes.byteLength) throw new FieldError(400, "Choose a GeoJSON, zipped shapefile or KML file", "file");
  const { features, crs } = await readCorridorFile(file, input);
  const shape = corridorFromFeatures(features, input.widthMetres);
  try {
    zoneFor(shape.geometry);
  } catch {
    throw new FieldError(422, `The shapes are outside Australia's MGA zones 49–56 as read in ${crs.label}. Check the coordinate system.`, input.crs ? "crs" : "file");
  }
  const [minLng, minLat, maxLng, maxLat] = bboxOf(shape.geometry);
  return db().transactional(async (em) => {
    await lockProject(ormRunner, access.project.id);
    const [row] = await sqlRows<{ id: number }>(
      `insert into affected_area (project_id, name, kind, width_metres, geometry, source_geometry, created_by_id) values (?, ?, ?, ?, ?::jsonb, ?::jsonb, ?) returning id`,
      [access.project.id, input.name, shape.kind, shape.widthMetres, JSON.stringify(shape.geometry), JSON.stringify(shape.sourceGeometry), access.user.id],
    );
    const id = row!.id;
    const parcelIds = await sqlRows<{ id: number }>(`select id from parcel where project_id = ? and box(point(min_lng, min_lat), point(max_lng, max_lat)) && box(point(?, ?), point(?, ?))`, [
      access.project.id,
      minLng,
      minLat,
      maxLng,
      maxLat,
    ]);
    await recomputeParcels(
      ormRunner,
      access.project.id,
      parcelIds.map((p) => p.id),
    );
    const [{ parcels } = { parcels: 0 }] = await sqlRows<{ parcels: number }>("select count(*)::int as parcels from parcel_affected_area where affected_area_id = ?", [id]);
    recordAudit({
      userId: access.user.id,
      action: "affected_area.create",
      entityType: "AffectedArea",
      entityId: id,
      clientId: refId(access.project.client),
      projectId: access.project.id,
      before: null,
      after: { name: input.name, kind: shape.kind, widthMetres: shape.widthMetres, sourceCrs: crs.code, fileName: file.name, parcels },
    });
    await em.flush();
    return { id, name: input.name, parcels };
  });
}

/** Deletes an affected area and its rows; the parcels it reached get their totals again from the areas left. */
export async function deleteAffectedArea(access: ProjectAccess, id: number): Promise<{ name: string }> {
  requirePermission(access, "deleteData");
  return db().transactional(async (em) => {
    await lockProject(ormRunner, access.project.id);
    const area = await findArea(access, id);
    const parcelIds = (await sqlRows<{ id: number }>("select parcel_id as id from parcel_affected_area where affected_area_id = ?", [id])).map((r) => r.id);
    await sqlExecute("delete from affected_area where id = ? and project_id = ?", [id, access.project.id]);
    await recomputeParcels(ormRunner, access.project.id, parcelIds);
    recordAudit({
      userId: access.user.id,
      action: "affected_area.delete",
      entityType: "AffectedArea",
      entityId: id,
      clientId: refId(access.project.client),
      projectId: access.project.id,
      before: { name: area.name, kind: area.kind, widthMetres: area.widthMetres, parcels: parcelIds.length },
      after: null,
    });
    await em.flush();
    return { name: area.name };
  });
}
