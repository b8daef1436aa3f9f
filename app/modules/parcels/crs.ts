/**
 * The coordinate systems parcel files come in, and their conversion to GDA2020 geographic
 * (docs/records.md#parcels). Conversion is proj4's; this file only names the systems and passes their
 * published definitions (GRS80, MGA zones, the GDA94→GDA2020 Helmert parameters) to it.
 */
import proj4 from "proj4";
import { mapPositions, positionsOf, type Feature, type Geometry } from "./geojson";

export type Datum = "GDA2020" | "GDA94" | "WGS84";

export interface DetectedCrs {
  /** "EPSG:7855". */
  code: string;
  /** "GDA2020 / MGA zone 55". */
  label: string;
  datum: Datum;
  /** The MGA zone of a projected system (49–56); absent for longitude/latitude. */
  zone?: number;
}

export const GDA2020_CODE = "EPSG:7844";
export const MGA_ZONES = [49, 50, 51, 52, 53, 54, 55, 56] as const;

/*
 * GDA94 → GDA2020 is EPSG:8048 (ICSM's 7-parameter similarity, ~1.8 m). proj4 goes through WGS84, which is
 * taken as GDA2020 here (+towgs84 of zeros), so GDA94's +towgs84 carries EPSG:8048 itself, its rotations
 * turned from the coordinate-frame convention EPSG publishes into the position-vector one +towgs84 uses.
 */
const GDA94_TO_GDA2020 = "+towgs84=0.06155,-0.01087,-0.04019,0.0394924,0.0327221,0.0328979,-0.009994";
const GDA2020_TOWGS84 = "+towgs84=0,0,0,0,0,0,0";
const TOWGS84: Record<Datum, string> = { GDA2020: GDA2020_TOWGS84, GDA94: GDA94_TO_GDA2020, WGS84: "+datum=WGS84" };
const ELLIPSOID: Record<Datum, string> = { GDA2020: "+ellps=GRS80", GDA94: "+ellps=GRS80", WGS84: "+ellps=WGS84" };

const GEOGRAPHIC: DetectedCrs[] = [
  { code: GDA2020_CODE, label: "GDA2020 (longitude/latitude)", datum: "GDA2020" },
  { code: "EPSG:4283", label: "GDA94 (longitude/latitude)", datum: "GDA94" },
  { code: "EPSG:4326", label: "WGS84 (longitude/latitude)", datum: "WGS84" },
];
const mga = (datum: "GDA2020" | "GDA94", base: number): DetectedCrs[] => MGA_ZONES.map((zone) => ({ code: `EPSG:${base + zone}`, label: `${datum} / MGA zone ${zone}`, datum, zone }));

/** Every system a file may be in: the choices of the import's mapping step when the file does not say. */
export const CRS_CHOICES: readonly DetectedCrs[] = [...GEOGRAPHIC, ...mga("GDA2020", 7800), ...mga("GDA94", 28300)];

const BY_CODE = new Map(CRS_CHOICES.map((crs) => [crs.code, crs]));

function proj4Definition(crs: DetectedCrs): string {
  const datum = `${ELLIPSOID[crs.datum]} ${TOWGS84[crs.datum]} +no_defs`;
  return crs.zone ? `+proj=utm +zone=${crs.zone} +south ${datum} +units=m` : `+proj=longlat ${datum}`;
}
/** Registered on first use: importing a module runs no code of its own (app/modules/package.json). */
let registered = false;
function converter(from: string, to: string) {
  if (!registered) {
    proj4.defs(CRS_CHOICES.map((crs) => [crs.code, proj4Definition(crs)]));
    registered = true;
  }
  return proj4(from, to);
}

/** A known system by its EPSG code ("EPSG:28355", "28355", 28355); null when it is not one of CRS_CHOICES. */
export function crsByCode(code: string | number | null | undefined): DetectedCrs | null {
  const digits = /(\d+)\s*$/.exec(String(code ?? ""))?.[1];
  return digits ? (BY_CODE.get(`EPSG:${digits}`) ?? null) : null;
}

/** The GDA2020 MGA zone a longitude falls in; null outside zones 49–56. */
export function mgaZoneOf(longitude: number): number | null {
  const zone = Math.floor((longitude + 180) / 6) + 1;
  return zone >= 49 && zone <= 56 ? zone : null;
}

export const mgaCrs = (zone: number, datum: "GDA2020" | "GDA94" = "GDA2020") => crsByCode((datum === "GDA2020" ? 7800 : 28300) + zone)!;

/**
 * A GeoJSON `crs` member: { type: "name", properties: { name: "urn:ogc:def:crs:EPSG::28355" | "EPSG:7844" |
 * "urn:ogc:def:crs:OGC:1.3:CRS84" } } or the old { type: "EPSG", properties: { code: 4283 } }.
 * Null when absent or not one we know (the mapping step then asks).
 */
export function crsFromGeoJson(crs: unknown): DetectedCrs | null {
  if (!crs || typeof crs !== "object") return null;
  const properties = (crs as { properties?: { name?: unknown; code?: unknown } }).properties ?? {};
  const name = String(properties.name ?? properties.code ?? "");
  if (/CRS:?84$/i.test(name)) return BY_CODE.get("EPSG:4326")!;
  if (!/EPSG/i.test(name) && !/^\d+$/.test(name)) return null;
  return crsByCode(name);
}

const DATUM_NAMES: [RegExp, Datum][] = [
  [/GDA[\s_]*2020|Datum[\s_]+of[\s_]+Australia[\s_]+2020/i, "GDA2020"],
  [/GDA[\s_]*(?:19)?94|Datum[\s_]+of[\s_]+Australia[\s_]+1994/i, "GDA94"],
  [/WGS[\s_]*(?:19)?84/i, "WGS84"],
];

/**
 * The system of a shapefile's .prj (ESRI or OGC WKT1, or WKT2): its outermost EPSG code when it carries one,
 * else its datum and MGA zone by name ("GDA_1994_MGA_Zone_55", "GDA2020 / MGA zone 56") or by central
 * meridian. Null when it is none of CRS_CHOICES (another projection, another datum).
 */
export function crsFromWkt(wkt: string): DetectedCrs | null {
  const codes = [...wkt.matchAll(/(?:AUTHORITY|ID)\[\s*"EPSG"\s*,\s*"?(\d+)"?\s*\]/gi)].map((m) => m[1]!);
  // WKT1 and WKT2 both close with the outermost object's identifier.
  const outer = codes.length ? crsByCode(codes[codes.length - 1]) : null;
  if (outer) return outer;
  const datum = DATUM_NAMES.find(([pattern]) => pattern.test(wkt))?.[1];
  if (!datum) return null;
  if (!/^\s*PROJ(?:CS|CRS|ECTEDCRS)\b/i.test(wkt)) return crsByCode(GEOGRAPHIC.find((crs) => crs.datum === datum)!.code);
  if (datum === "WGS84") return null;
  const named = /MGA[\s_]*zone[\s_]*(\d+)/i.exec(wkt)?.[1];
  const meridian = /PARAMETER\[\s*"(?:central_meridian|Longitude of natural origin)"\s*,\s*(-?[\d.]+)/i.exec(wkt)?.[1];
  const zone = named ? Number(named) : meridian && /UTM|Transverse_Mercator/i.test(wkt) ? (Number(meridian) + 183) / 6 : NaN;
  return Number.isInteger(zone) && zone >= 49 && zone <= 56 ? mgaCrs(zone, datum) : null;
}

/** Metres or degrees? A file whose numbers cannot be longitude/latitude is projected (for the mapping step's hint). */
export function looksProjected(geometries: Iterable<Geometry | null>): boolean {
  for (const geometry of geometries) {
    if (!geometry) continue;
    for (const [x, y] of positionsOf(geometry)) if (Math.abs(x!) > 180 || Math.abs(y!) > 90) return true;
  }
  return false;
}

/** The features in GDA2020 longitude/latitude (EPSG:7844), through proj4; new objects, the input is unchanged. */
export function toGda2020<F extends Feature>(features: F[], crs: DetectedCrs): F[] {
  return reproject(features, crs.code, GDA2020_CODE);
}

/** Between any two of CRS_CHOICES (the buffer and the area work in an MGA zone and come back). */
export function reproject<F extends Feature>(features: F[], from: string, to: string): F[] {
  if (from === to) return features.map((feature) => ({ ...feature }));
  const convert = converter(from, to);
  return features.map((feature) => ({
    ...feature,
    geometry: feature.geometry ? mapPositions(feature.geometry, (p) => [...convert.forward([p[0]!, p[1]!]), ...p.slice(2)]) : null,
  }));
}

export function reprojectGeometry<G extends Geometry>(geometry: G, from: string, to: string): G {
  if (from === to) return geometry;
  const convert = converter(from, to);
  return mapPositions(geometry, (p) => [...convert.forward([p[0]!, p[1]!]), ...p.slice(2)]);
}
