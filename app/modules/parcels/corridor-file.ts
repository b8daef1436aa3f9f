/**
 * An uploaded corridor or easement file as one affected area (docs/records.md#affected-areas): every shape
 * of the file together, either polygons (the area itself) or centre lines (buffered by the width). Pure;
 * the upload (affected-areas.server.ts) reads the file with read-gis.ts and stores what this returns.
 */
import { union, type Geom } from "polyclip-ts";
import { FieldError } from "~/utils/app-error";
import { corridorFromCentreLine } from "./area";
import { polygonsOf, type Feature, type Geometry, type LineString, type MultiLineString, type MultiPolygon, type Polygon, type Position } from "./geojson";
import { validateFeature } from "./validate";

export const AFFECTED_AREA_KINDS = ["polygon", "centre_line"] as const;
export type AffectedAreaKind = (typeof AFFECTED_AREA_KINDS)[number];

/** What one upload may hold: a corridor is a handful of shapes; a centre line's buffer takes about a second per 400 points. */
export const CORRIDOR_LIMITS = Object.freeze({ maxShapes: 500, maxPolygonPoints: 100_000, maxLinePoints: 2_000, maxWidthMetres: 5_000 });

export interface CorridorShape {
  kind: AffectedAreaKind;
  /** The polygon every computation uses (GDA2020). */
  geometry: Polygon | MultiPolygon;
  /** What was uploaded, converted to GDA2020: the polygons, or the centre line. */
  sourceGeometry: Polygon | MultiPolygon | LineString | MultiLineString;
  widthMetres: number | null;
}

const refuse = (message: string, field = "file") => new FieldError(422, message, field);
const rowText = (rows: number[]) => (rows.length > 5 ? `${rows.slice(0, 5).join(", ")} and ${rows.length - 5} more` : rows.join(", "));

type Kind = "polygon" | "line" | "other";
function kindOf(geometry: Geometry | null): Kind {
  if (geometry?.type === "Polygon" || geometry?.type === "MultiPolygon") return "polygon";
  if (geometry?.type === "LineString" || geometry?.type === "MultiLineString") return "line";
  if (geometry?.type === "GeometryCollection" && geometry.geometries.length) {
    const kinds = new Set(geometry.geometries.map(kindOf));
    return kinds.size === 1 ? [...kinds][0]! : "other";
  }
  return "other";
}

function linesOf(geometry: Geometry): Position[][] {
  if (geometry.type === "LineString") return [geometry.coordinates];
  if (geometry.type === "MultiLineString") return geometry.coordinates;
  if (geometry.type === "GeometryCollection") return geometry.geometries.flatMap(linesOf);
  return [];
}

function polygonPartsOf(geometry: Geometry): Position[][][] {
  if (geometry.type === "GeometryCollection") return geometry.geometries.flatMap(polygonPartsOf);
  return polygonsOf(geometry);
}

const finite = (p: Position) => Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]);
const distinct = (line: Position[]) => new Set(line.map((p) => `${p[0]},${p[1]}`)).size;

/**
 * The affected area of a file's features (already in GDA2020). Refused with the reason (a FieldError on
 * `file`, or on `widthMetres` for a line without a width): no shapes, points, polygons and lines mixed,
 * a polygon that is not valid (by row, as the parcel import words it), a line of fewer than two points,
 * too many shapes or points.
 */
export function corridorFromFeatures(features: readonly Feature[], widthMetres: number | null): CorridorShape {
  const shaped = features.map((f, i) => ({ row: i + 1, geometry: f.geometry, kind: kindOf(f.geometry) }));
  if (!shaped.length) throw refuse("The file holds no shapes.");
  if (shaped.length > CORRIDOR_LIMITS.maxShapes) throw refuse(`The file holds ${shaped.length} shapes; an affected area may have at most ${CORRIDOR_LIMITS.maxShapes}.`);
  const others = shaped.filter((s) => s.kind === "other").map((s) => s.row);
  if (others.length) throw refuse(`Row ${rowText(others)}: not a polygon or a line. An affected area is a polygon, or a centre line with a width.`);
  const kinds = new Set(shaped.map((s) => s.kind));
  if (kinds.size > 1) throw refuse("The file holds both polygons and lines. Upload the polygons and the centre line as two affected areas.");

  if (kinds.has("line")) {
    const lines = shaped.flatMap((s) => linesOf(s.geometry!));
    if (lines.some((line) => !line.every(finite))) throw refuse("The centre line has coordinates that are not numbers.");
    const short = shaped.filter((s) => linesOf(s.geometry!).some((line) => distinct(line) < 2)).map((s) => s.row);
    if (short.length) throw refuse(`Row ${rowText(short)}: a line needs at least two different points.`);
    const points = lines.reduce((sum, line) => sum + line.length, 0);
    if (points > CORRIDOR_LIMITS.maxLinePoints) throw refuse(`The centre line has ${points} points; at most ${CORRIDOR_LIMITS.maxLinePoints} can be buffered. Simplify it and upload it again.`);
    if (widthMetres === null) throw refuse("Enter the corridor's width in metres: the file holds a centre line.", "widthMetres");
    const line: LineString | MultiLineString = lines.length === 1 ? { type: "LineString", coordinates: lines[0]! } : { type: "MultiLineString", coordinates: lines };
    return { kind: "centre_line", geometry: corridorFromCentreLine(line, widthMetres), sourceGeometry: line, widthMetres };
  }

  const problems = shaped.flatMap((s) => validateFeature({ geometry: s.geometry }).map((issue) => `row ${s.row}: ${issue.message}`));
  if (problems.length)
    throw refuse(`The polygons are not valid (${problems.slice(0, 5).join(" ")}${problems.length > 5 ? ` and ${problems.length - 5} more` : ""}). Fix them in your GIS and upload again.`);
  const parts = shaped.flatMap((s) => polygonPartsOf(s.geometry!));
  const points = parts.reduce((sum, rings) => sum + rings.reduce((n, ring) => n + ring.length, 0), 0);
  if (points > CORRIDOR_LIMITS.maxPolygonPoints) throw refuse(`The polygons have ${points} points; an affected area may have at most ${CORRIDOR_LIMITS.maxPolygonPoints}.`);
  const source: Polygon | MultiPolygon = parts.length === 1 ? { type: "Polygon", coordinates: parts[0]! } : { type: "MultiPolygon", coordinates: parts };
  // Overlapping shapes become one area, so ground under two of them counts once.
  let geometry: Polygon | MultiPolygon = source;
  if (parts.length > 1) {
    let merged: [number, number][][][];
    try {
      const geoms = parts.map((rings) => rings.map((ring) => ring.map(([x, y]) => [x!, y!] as [number, number]))) as Geom[];
      merged = union(geoms[0]!, ...geoms.slice(1));
    } catch {
      throw refuse("The polygons could not be joined into one area. Dissolve them in your GIS and upload again.");
    }
    geometry = merged.length === 1 ? { type: "Polygon", coordinates: merged[0]! } : { type: "MultiPolygon", coordinates: merged };
  }
  return { kind: "polygon", geometry, sourceGeometry: source, widthMetres: null };
}
