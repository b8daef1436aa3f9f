import { projectSummary, type ProjectAccess } from "~/modules/access/project-access.server";
import { LAA_STATUS_LABELS, type LaaStatus } from "~/modules/property/laa-status";
import { parseApiPayload } from "~/utils/api-payload";
import { getEnv } from "~/utils/env.server";
import { MAP_MAX_PARCELS, MAP_TABLE_PAGE_SIZE } from "./map-limits";
import { ParcelViewSchema, queryOf } from "./map-schemas";
import { bboxText, geometryPath, mapView, neighbourBoxes, outlinePath, padBbox, tilesFor, MAP_HEIGHT, MAP_WIDTH, type Bbox, type Tile } from "./map-view";
import { countParcels, parcelExtent, readAffectedAreas, readParcels, requireProjectProperty, type ParcelRecord } from "./parcel-read.server";

/**
 * What /map shows for one URL (docs/records.md#the-map): the parcels of the view drawn as SVG path data
 * on the drawing's pixel grid, the affected areas' outlines, the tiles when a tile server is configured,
 * the zoom and pan links, and a page of the table of the same parcels.
 */

/** How a parcel is filled: its property's LAA status, or `unlinked` when it has no property. */
export type ParcelFill = LaaStatus | "unlinked";

export const PARCEL_FILL_LABELS: Record<ParcelFill, string> = { ...LAA_STATUS_LABELS, unlinked: "Not linked to a property" };

const hectares = (m2: number) => `${(m2 / 10_000).toLocaleString("en-AU", { maximumFractionDigits: 2, minimumFractionDigits: 2 })} ha`;
const percent = (share: number) => `${(share * 100).toLocaleString("en-AU", { maximumFractionDigits: 1, minimumFractionDigits: 1 })}%`;

/** "12 Smith Rd, Lot 1 on RP123456, LAA Active, affected 1.20 ha (3.4%)": a parcel's accessible name, and its row in words. */
export function parcelLabel(parcel: Pick<ParcelRecord, "propertyId" | "address" | "lotPlan" | "laaStatus" | "affected">): string {
  const parts = [parcel.address ?? "No address", parcel.lotPlan ?? "no lot/plan"];
  parts.push(parcel.propertyId ? `LAA ${LAA_STATUS_LABELS[parcel.laaStatus]}` : "not linked to a property");
  if (parcel.affected) parts.push(`affected ${hectares(parcel.affected.m2)} (${percent(parcel.affected.share)})`);
  return parts.join(", ");
}

export const propertyHref = (propertyId: number) => `/properties?highlight=${propertyId}`;
export const mapHref = (bbox: Bbox, extra: Record<string, string | number | undefined> = {}) => {
  const params = Object.entries(extra).filter(([, v]) => v !== undefined && v !== "");
  return `/map?bbox=${bboxText(bbox)}${params.map(([k, v]) => `&${k}=${encodeURIComponent(String(v))}`).join("")}`;
};

export interface MapParcel {
  id: number;
  href: string | null;
  fill: ParcelFill;
  d: string;
  label: string;
  highlighted: boolean;
}

export interface MapTableRow {
  id: number;
  propertyId: number | null;
  address: string | null;
  lotPlan: string | null;
  fill: ParcelFill;
  areaHa: string;
  affected: string | null;
}

function tablePage(parcels: ParcelRecord[], page: number): { rows: MapTableRow[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(parcels.length / MAP_TABLE_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = parcels.slice((current - 1) * MAP_TABLE_PAGE_SIZE, current * MAP_TABLE_PAGE_SIZE).map((p) => ({
    id: p.id,
    propertyId: p.propertyId,
    address: p.address,
    lotPlan: p.lotPlan,
    fill: (p.propertyId ? p.laaStatus : "unlinked") as ParcelFill,
    areaHa: hectares(p.areaM2),
    affected: p.affected ? `${hectares(p.affected.m2)} (${percent(p.affected.share)})` : null,
  }));
  return { rows, page: current, pageCount };
}

/** Whether the browser asked for less data (`Save-Data: on`): then no background tiles are drawn. */
export const savesData = (request: Request) => request.headers.get("save-data")?.trim().toLowerCase() === "on";

export async function loadMapPage(access: ProjectAccess, request: Request) {
  const url = new URL(request.url);
  const query = parseApiPayload(ParcelViewSchema, queryOf(url, ["bbox", "property"]));
  const property = query.property === undefined ? null : await requireProjectProperty(access, query.property);
  const propertyExtent = property ? await parcelExtent(access, property.id) : null;
  const extent = query.bbox ?? (propertyExtent ? padBbox(propertyExtent, 0.5) : null) ?? (await parcelExtent(access));
  const base = { project: projectSummary(access), property: property ? { ...property, onMap: propertyExtent !== null } : null, exportLinks: exportLinks(access.project.id, query.bbox) };
  if (!extent) return { ...base, map: null, table: null };

  const view = mapView(query.bbox ?? padBbox(extent));
  const total = await countParcels(access, view.shown);
  const parcels = total > MAP_MAX_PARCELS ? [] : await readParcels(access, { bbox: view.shown });
  const template = getEnv().MAP_TILE_URL;
  const tiles: Tile[] = template && !savesData(request) ? tilesFor(view, template) : [];
  const areas = await readAffectedAreas(access, view.shown);
  const links = neighbourBoxes(view);
  const keep = { property: property?.id };
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    ...base,
    map: {
      width: MAP_WIDTH,
      height: MAP_HEIGHT,
      bbox: bboxText(view.shown),
      total,
      tooMany: total > MAP_MAX_PARCELS,
      tiles,
      parcels: parcels.map((p): MapParcel => ({
        id: p.id,
        href: p.propertyId ? propertyHref(p.propertyId) : null,
        fill: p.propertyId ? p.laaStatus : "unlinked",
        d: geometryPath(view, p.geometry),
        label: parcelLabel(p),
        highlighted: property !== null && p.propertyId === property.id,
      })),
      areas: areas.map((a) => ({ id: a.id, name: a.name, d: outlinePath(view, a.geometry) })),
      links: {
        zoomIn: mapHref(links.zoomIn, keep),
        zoomOut: mapHref(links.zoomOut, keep),
        north: mapHref(links.north, keep),
        south: mapHref(links.south, keep),
        east: mapHref(links.east, keep),
        west: mapHref(links.west, keep),
        all: "/map",
      },
    },
    table: tablePage(parcels, Number.isFinite(page) ? page : 1),
  };
}

/** The export links of the page (plain links to the /api route, which answers the file as an attachment). */
function exportLinks(projectId: number, bbox: Bbox | null) {
  const href = (format: string) => `/api/parcels/export?projectId=${projectId}&format=${format}${bbox ? `&bbox=${bboxText(bbox)}` : ""}`;
  return { geojson: href("geojson"), kml: href("kml") };
}

export type MapPageData = Awaited<ReturnType<typeof loadMapPage>>;
