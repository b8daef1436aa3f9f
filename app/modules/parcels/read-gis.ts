/**
 * Reads a parcel file as exported by state cadastre services and QGIS (docs/records.md#parcels): GeoJSON,
 * a zipped shapefile (.shp with its .dbf attributes, .prj coordinate system and .cpg encoding) or KML/KMZ.
 * A file that cannot be read is refused whole with what is wrong in plain words; shapes that are read
 * but invalid are listed by row (validate.ts) for the import to repair or skip.
 */
import { DOMParser } from "@xmldom/xmldom";
import { kml as kmlToGeoJson } from "@tmcw/togeojson";
import JSZip from "jszip";
import * as shapefile from "shapefile";
import { AppError } from "~/utils/app-error";
import { MAX_FILE_BYTES } from "~/utils/upload-limits";
import { crsByCode, crsFromGeoJson, crsFromWkt, looksProjected, type DetectedCrs } from "./crs";
import { polygonsOf, type Feature, type Geometry, type Properties } from "./geojson";
import { validateFeature, type ShapeProblem } from "./validate";

export interface GisReadLimits {
  maxFileBytes: number;
  /** What a zip's parts may inflate to, together. */
  maxInflatedBytes: number;
  maxFeatures: number;
}

export const DEFAULT_GIS_LIMITS: Readonly<GisReadLimits> = Object.freeze({ maxFileBytes: MAX_FILE_BYTES, maxInflatedBytes: 256 * 1024 * 1024, maxFeatures: 50_000 });

export interface GisProblem {
  /** 1-based row (feature) number; absent for the file as a whole. */
  row?: number;
  problem: ShapeProblem | "unknown-crs" | "no-crs";
  message: string;
  repairable: boolean;
}

export interface GisFile {
  features: Feature[];
  /** What the file says it is in; null when it does not say (the mapping step asks, CRS_CHOICES). */
  crs: DetectedCrs | null;
  /** What the mapping step should offer first when `crs` is null: WGS84 for GeoJSON in degrees (RFC 7946). */
  suggestedCrs: DetectedCrs | null;
  problems: GisProblem[];
}

export const GIS_FILE_TYPES = "GeoJSON (.geojson, .json), a zipped shapefile (.zip) or KML (.kml, .kmz)";

/** A file refused whole: 415 for a type we do not read, 413 past a limit, 422 for a damaged file. */
export class GisFileError extends AppError {
  constructor(status: 413 | 415 | 422, message: string) {
    super(status, message, "GIS_FILE_REFUSED");
  }
}

const damaged = (message: string) => new GisFileError(422, message);
const tooManyShapes = (limits: GisReadLimits) => new GisFileError(413, `The file has more than ${formatCount(limits.maxFeatures)} shapes. Split it into smaller files and import each one.`);
const formatCount = (n: number) => n.toLocaleString("en-AU");
const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? "";

/** Reads the file into GeoJSON features with its coordinate system; `crs` overrides what the file says (the mapping step's choice). */
export async function readGisFile(name: string, bytes: Uint8Array, options: { crs?: DetectedCrs | string | null; limits?: Partial<GisReadLimits> } = {}): Promise<GisFile> {
  const limits = { ...DEFAULT_GIS_LIMITS, ...options.limits };
  if (bytes.byteLength > limits.maxFileBytes) throw new GisFileError(413, `The file is larger than ${formatCount(Math.round(limits.maxFileBytes / 1024 / 1024))}MB.`);
  const read = await readByType(extensionOf(name), bytes, limits);
  if (read.features.length > limits.maxFeatures) throw tooManyShapes(limits);
  const chosen = typeof options.crs === "string" ? crsByCode(options.crs) : (options.crs ?? null);
  if (options.crs && !chosen) throw new AppError(400, `${options.crs} is not a coordinate system parcels can be imported in.`);
  const crs = chosen ?? read.crs;
  const problems: GisProblem[] = [...read.notes];
  if (!crs) problems.push({ problem: "no-crs", message: "The file does not say which coordinate system it uses: choose it on the mapping step.", repairable: true });
  read.features.forEach((feature, i) => {
    feature.geometry = polygonsTogether(feature.geometry);
    for (const issue of validateFeature(feature)) problems.push({ row: i + 1, ...issue });
  });
  return { features: read.features, crs, suggestedCrs: crs ? null : read.suggested, problems };
}

/** KML's MultiGeometry (a GeometryCollection once read) of polygons is one MultiPolygon parcel. */
function polygonsTogether(geometry: Geometry | null): Geometry | null {
  if (geometry?.type !== "GeometryCollection" || !geometry.geometries.length) return geometry;
  const parts = geometry.geometries.map(polygonsTogether);
  if (!parts.every((g) => g?.type === "Polygon" || g?.type === "MultiPolygon")) return geometry;
  return { type: "MultiPolygon", coordinates: parts.flatMap((g) => polygonsOf(g)) };
}

interface Read {
  features: Feature[];
  crs: DetectedCrs | null;
  suggested: DetectedCrs | null;
  notes: GisProblem[];
}

async function readByType(extension: string, bytes: Uint8Array, limits: GisReadLimits): Promise<Read> {
  switch (extension) {
    case "geojson":
    case "json":
      return readGeoJson(decodeUtf8(bytes, "GeoJSON"));
    case "zip":
      return readZippedShapefile(await openZip(bytes, limits, "zipped shapefile"), limits);
    case "kml":
      return readKml(decodeUtf8(bytes, "KML"));
    case "kmz": {
      const zip = await openZip(bytes, limits, "KMZ");
      const entry = zip.files.find((f) => f.name.toLowerCase().endsWith(".kml"));
      if (!entry) throw damaged("The KMZ file has no .kml file inside.");
      return readKml(decodeUtf8(await zip.read(entry), "KML"));
    }
    default:
      throw new GisFileError(415, `Parcel boundaries can be imported from ${GIS_FILE_TYPES}.`);
  }
}

function decodeUtf8(bytes: Uint8Array, kind: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw damaged(`The ${kind} file is not UTF-8 text.`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const GEOMETRY_TYPES = new Set(["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection"]);

function readGeoJson(text: string): Read {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw damaged("The file is not valid JSON, so it cannot be read as GeoJSON.");
  }
  if (!isObject(json)) throw damaged("The file is JSON but not GeoJSON: it should hold a FeatureCollection.");
  const list =
    json.type === "FeatureCollection" ? json.features : json.type === "Feature" ? [json] : GEOMETRY_TYPES.has(String(json.type)) ? [{ type: "Feature", geometry: json, properties: {} }] : null;
  if (!Array.isArray(list)) throw damaged('The file is JSON but not GeoJSON: it should hold a FeatureCollection with a "features" list.');
  const features = list.map((item, i): Feature => {
    if (!isObject(item) || item.type !== "Feature") throw damaged(`Row ${formatCount(i + 1)} of the GeoJSON is not a Feature.`);
    const geometry = isObject(item.geometry) && GEOMETRY_TYPES.has(String(item.geometry.type)) ? (item.geometry as unknown as Geometry) : null;
    const id = typeof item.id === "string" || typeof item.id === "number" ? item.id : undefined;
    return { type: "Feature", ...(id === undefined ? {} : { id }), geometry, properties: isObject(item.properties) ? (item.properties as Properties) : {} };
  });
  const named = json.crs !== undefined && json.crs !== null;
  const crs = crsFromGeoJson(json.crs);
  const notes: GisProblem[] =
    named && !crs ? [{ problem: "unknown-crs", message: `The file names a coordinate system parcels cannot be imported in (${describeCrs(json.crs)}).`, repairable: false }] : [];
  // Without a crs member RFC 7946 means WGS84 longitude/latitude; metres mean the exporter left it out.
  const suggested = crs || named || looksProjected(features.map((f) => f.geometry)) ? null : crsByCode(4326);
  return { features, crs, suggested, notes };
}

const describeCrs = (crs: unknown) => (isObject(crs) && isObject(crs.properties) ? String(crs.properties.name ?? crs.properties.code ?? "unnamed") : "unnamed");

interface ZipStream {
  on(event: "data", listener: (chunk: Uint8Array) => void): ZipStream;
  on(event: "error", listener: (error: Error) => void): ZipStream;
  on(event: "end", listener: () => void): ZipStream;
  pause(): ZipStream;
  resume(): ZipStream;
}

interface OpenedZip {
  files: JSZip.JSZipObject[];
  read(file: JSZip.JSZipObject): Promise<Uint8Array>;
}

/** The zip's files (folders and macOS's __MACOSX copies left out), refused before inflating when they declare too much. */
async function openZip(bytes: Uint8Array, limits: GisReadLimits, kind: string): Promise<OpenedZip> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
  } catch {
    throw damaged(`The ${kind} is not a readable zip file.`);
  }
  const files = Object.values(zip.files).filter((f) => !f.dir && !/(^|\/)__MACOSX\//.test(f.name) && !/(^|\/)\._/.test(f.name));
  // JSZip keeps each part's declared size from the zip's directory; a zip bomb declares its real size or fails the count below.
  const declared = files.reduce((sum, f) => sum + ((f as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0), 0);
  const tooLarge = () => new GisFileError(413, `The ${kind} expands to more than ${formatCount(Math.round(limits.maxInflatedBytes / 1024 / 1024))}MB.`);
  if (declared > limits.maxInflatedBytes) throw tooLarge();
  let inflated = 0;
  return {
    files,
    read: (file) =>
      new Promise<Uint8Array>((resolve, reject) => {
        const chunks: Uint8Array[] = [];
        // JSZip's own stream of the inflated part (not in its types): counted as it comes, stopped past the cap.
        const stream = (file as unknown as { internalStream(type: "uint8array"): ZipStream }).internalStream("uint8array");
        stream
          .on("data", (chunk: Uint8Array) => {
            inflated += chunk.length;
            if (inflated > limits.maxInflatedBytes) {
              stream.pause();
              reject(tooLarge());
            } else chunks.push(chunk);
          })
          .on("error", () => reject(damaged(`${file.name} in the ${kind} is damaged.`)))
          .on("end", () => resolve(Buffer.concat(chunks)))
          .resume();
      }),
  };
}

/** A .cpg names the .dbf's encoding as code page or label ("UTF-8", "1252", "ISO-8859-1"); Windows-1252 when absent, as ArcGIS and shapefile assume. */
export function dbfEncoding(cpg: string | null): string {
  const label = (cpg ?? "").trim().toLowerCase();
  if (!label) return "windows-1252";
  if (/^(utf-?8|65001)$/.test(label)) return "utf-8";
  if (/^\d+$/.test(label)) return label === "88591" ? "iso-8859-1" : `windows-${label}`;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return "windows-1252";
  }
}

async function readZippedShapefile(zip: OpenedZip, limits: GisReadLimits): Promise<Read> {
  const byExtension = (ext: string) => zip.files.filter((f) => f.name.toLowerCase().endsWith(`.${ext}`));
  const shps = byExtension("shp");
  if (!shps.length) throw damaged("The zip has no .shp file. A zipped shapefile needs its .shp, .shx and .dbf files (and .prj) in one zip.");
  if (shps.length > 1) throw damaged(`The zip holds ${shps.length} shapefiles (${shps.map((f) => f.name).join(", ")}). Zip one shapefile per file.`);
  const base = shps[0]!.name.slice(0, -4).toLowerCase();
  const sibling = (ext: string) => zip.files.find((f) => f.name.toLowerCase() === `${base}.${ext}`) ?? null;
  const dbf = sibling("dbf");
  if (!dbf) throw damaged(`The zip has ${shps[0]!.name} but no ${shps[0]!.name.slice(0, -4)}.dbf, which holds the lot, plan and other attributes.`);
  const [prj, cpg] = [sibling("prj"), sibling("cpg")];
  const text = async (file: JSZip.JSZipObject | null) => (file ? new TextDecoder().decode(await zip.read(file)) : null);
  const wkt = await text(prj);
  const encoding = dbfEncoding(await text(cpg));

  const features: Feature[] = [];
  try {
    const source = await shapefile.open(await zip.read(shps[0]!), await zip.read(dbf), { encoding });
    for (;;) {
      const next = await source.read();
      if (next.done) break;
      if (features.length >= limits.maxFeatures) throw tooManyShapes(limits);
      features.push({ type: "Feature", geometry: (next.value.geometry as Geometry | null) ?? null, properties: next.value.properties ?? {} });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damaged(`The shapefile could not be read: its .shp or .dbf is damaged or cut short (${error instanceof Error ? error.message : "unknown error"}).`);
  }
  const crs = wkt ? crsFromWkt(wkt) : null;
  const notes: GisProblem[] =
    wkt && !crs
      ? [{ problem: "unknown-crs", message: "The .prj names a coordinate system parcels cannot be imported in (GDA2020, GDA94 or WGS84; longitude/latitude or MGA zones 49–56).", repairable: false }]
      : [];
  return { features, crs, suggested: null, notes };
}

function readKml(text: string): Read {
  const errors: string[] = [];
  const record = (message: string) => errors.push(message);
  const doc = new DOMParser({ errorHandler: { warning: () => {}, error: record, fatalError: record } }).parseFromString(text, "text/xml");
  if (!doc?.documentElement || doc.documentElement.localName !== "kml") throw damaged("The file is not KML: it should start with a <kml> element.");
  if (errors.length) throw damaged("The KML file is not well-formed XML (it may be cut short).");
  const collection = kmlToGeoJson(doc as unknown as Document) as unknown as { features: { geometry: Geometry | null; properties: Properties | null }[] };
  const features = collection.features.map((f): Feature => ({ type: "Feature", geometry: f.geometry ?? null, properties: f.properties ?? {} }));
  // KML is longitude/latitude on WGS84 by definition (OGC KML 2.2, section 6.2).
  return { features, crs: crsByCode(4326), suggested: null, notes: [] };
}
