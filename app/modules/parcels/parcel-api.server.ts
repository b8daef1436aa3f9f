import type { ProjectAccess } from "~/modules/access/project-access.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { LAA_STATUS_LABELS } from "~/modules/property/laa-status";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { parseApiPayload } from "~/utils/api-payload";
import { AppError } from "~/utils/app-error";
import { contentDisposition } from "~/utils/download";
import { sanitizeFileName } from "~/utils/file-names";
import { isBrowserNavigation } from "~/utils/http.server";
import type { Feature } from "./geojson";
import { ParcelExportSchema, ParcelViewSchema, queryOf } from "./map-schemas";
import { countParcels, readParcels, type ParcelRecord } from "./parcel-read.server";
import { toGeoJson, toKml } from "./write-gis";

/**
 * The parcels over /api (docs/records.md#parcels-over-api): the list in the api-list shape, and the
 * GIS export as GeoJSON or KML behind a plain link on /map.
 */

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** One parcel of GET /api/parcels: its attributes, its box and its GDA2020 geometry. */
export function parcelToJson(p: ParcelRecord) {
  return {
    id: p.id,
    propertyId: p.propertyId,
    address: p.address,
    lotPlan: p.lotPlan,
    lotPlanKey: p.lotPlanKey,
    titleReference: p.titleReference,
    laaStatus: p.laaStatus,
    laaExpiryDate: p.laaExpiryDate,
    owners: p.owners,
    areaM2: round(p.areaM2, 1),
    affected: p.affected ? { m2: round(p.affected.m2, 1), ha: round(p.affected.m2 / 10_000, 4), percent: round(p.affected.share * 100, 2) } : null,
    bbox: p.bbox,
    geometry: p.geometry,
  };
}

/** GET /api/parcels?projectId=[&bbox=][&limit=&offset=]: the project's parcels (in the box), a page at a time. */
export async function apiListParcels(request: Request, access: ProjectAccess): Promise<Response> {
  const url = new URL(request.url);
  const query = parseApiPayload(ParcelViewSchema, queryOf(url, ["bbox"]));
  const page = parseListPage(request);
  const total = await countParcels(access, query.bbox);
  const rows = await readParcels(access, { bbox: query.bbox, page });
  return listResponse(request, rows.map(parcelToJson), total, page);
}

/** The attributes each exported feature carries (GDAL reads them as fields; names of 10 characters or fewer suit a shapefile too). */
function exportFeature(p: ParcelRecord): Feature {
  return {
    type: "Feature",
    id: p.id,
    geometry: p.geometry,
    properties: {
      parcel_id: p.id,
      property_id: p.propertyId,
      address: p.address,
      lot_plan: p.lotPlan,
      lot_plan_key: p.lotPlanKey,
      title_ref: p.titleReference,
      laa_status: p.propertyId ? LAA_STATUS_LABELS[p.laaStatus] : "Not linked",
      owners: p.owners.join("; ") || null,
      area_m2: round(p.areaM2, 1),
      // Zero when no affected area touches the parcel, so every feature carries the three numbers as numbers.
      affect_m2: round(p.affected?.m2 ?? 0, 1),
      affect_ha: round((p.affected?.m2 ?? 0) / 10_000, 4),
      affect_pct: round((p.affected?.share ?? 0) * 100, 2),
    },
  };
}

export const PARCEL_EXPORT_FAILED = "Failed to export the parcels";
const TYPES = { geojson: "application/geo+json", kml: "application/vnd.google-earth.kml+xml" } as const;

/**
 * GET /api/parcels/export?projectId=&format=geojson|kml[&bbox=]: the parcels as a file (GDA2020 longitude
 * and latitude), an attachment so /map's plain link downloads it. A refused query is JSON for a script and
 * a flash on /map for a browser that followed the link (CONTRIBUTING.md, a download behind a plain link).
 */
export async function parcelExportDownload(request: Request, access: ProjectAccess): Promise<Response> {
  try {
    const query = parseApiPayload(ParcelExportSchema, queryOf(new URL(request.url), ["bbox", "format"]));
    const features = (await readParcels(access, { bbox: query.bbox })).map(exportFeature);
    const name = `parcels_${sanitizeFileName(access.project.name).replace(/\s+/g, "_")}`;
    const body = query.format === "geojson" ? toGeoJson(features, { name: "parcels" }) : toKml(features, { name: "parcels", nameOf: (p) => (p.lot_plan_key as string | null) ?? null });
    const bytes = new TextEncoder().encode(body);
    return new Response(bytes, {
      status: 200,
      headers: {
        "Content-Type": `${TYPES[query.format]}; charset=utf-8`,
        "Content-Length": String(bytes.byteLength),
        "Content-Disposition": contentDisposition("attachment", `${name}.${query.format}`),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status === 403 || error.status === 404 || !isBrowserNavigation(request)) throw error;
    return redirectWithFlash(request, "/map", { kind: "error", title: PARCEL_EXPORT_FAILED, description: error.message });
  }
}
