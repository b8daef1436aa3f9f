/**
 * Parcel areas and the area a corridor takes from each parcel (docs/records.md#parcels). Geometries are
 * GDA2020 longitude/latitude. Areas are on the GRS80 ellipsoid (geographiclib's PolygonArea); the buffer and
 * the overlap are built in the parcel's or line's MGA zone (proj4) with polyclip-ts, then brought back.
 */
import { Geodesic } from "geographiclib-geodesic";
import { AppError } from "~/utils/app-error";
import { intersection, union, type Geom } from "polyclip-ts";
import { GDA2020_CODE, mgaCrs, mgaZoneOf, reprojectGeometry } from "./crs";
import { polygonsOf, positionsOf, type Geometry, type LineString, type MultiLineString, type MultiPolygon, type Polygon, type Position } from "./geojson";

/** GRS80, the ellipsoid of GDA2020 and GDA94 (WGS84's differs from it by 0.1 mm in the semi-minor axis). */
const GRS80 = new Geodesic.Geodesic(6378137, 1 / 298.257222101);

function ringAreaM2(ring: Position[]): number {
  const polygon = GRS80.Polygon(false);
  const last = ring.length - 1;
  const closed = last > 0 && ring[0]![0] === ring[last]![0] && ring[0]![1] === ring[last]![1];
  for (let i = 0; i < (closed ? last : ring.length); i++) polygon.AddPoint(ring[i]![1]!, ring[i]![0]!);
  return Math.abs(polygon.Compute(false, true).area ?? 0);
}

/** The area on the ellipsoid in square metres: each outer ring less its holes. 0 for anything not a polygon. */
export function polygonAreaM2(geometry: Geometry | null): number {
  let total = 0;
  for (const [outer, ...holes] of polygonsOf(geometry)) {
    if (!outer) continue;
    total += ringAreaM2(outer) - holes.reduce((sum, hole) => sum + ringAreaM2(hole), 0);
  }
  return total;
}

/** The MGA zone (GDA2020) for a geometry: the one its mean longitude falls in. */
export function zoneFor(geometry: Geometry): number {
  let sum = 0;
  let count = 0;
  for (const [x] of positionsOf(geometry)) {
    sum += x!;
    count++;
  }
  const zone = count ? mgaZoneOf(sum / count) : null;
  if (!zone) throw new AppError(400, "The shape is outside MGA zones 49–56 (longitudes 108°–156° east).");
  return zone;
}

const toPolyclip = (polygons: Position[][][]): Geom => polygons.map((rings) => rings.map((ring) => ring.map(([x, y]) => [x!, y!] as [number, number])));

function fromPolyclip(result: [number, number][][][]): Polygon | MultiPolygon | null {
  if (!result.length) return null;
  return result.length === 1 ? { type: "Polygon", coordinates: result[0]! } : { type: "MultiPolygon", coordinates: result };
}

/** Points per full circle of a round join: the inscribed polygon keeps 99.92 % of the circle's area. */
const CIRCLE_STEPS = 90;

function circle([cx, cy]: Position, radius: number): [number, number][][] {
  const ring: [number, number][] = [];
  for (let i = 0; i < CIRCLE_STEPS; i++) {
    const angle = (2 * Math.PI * i) / CIRCLE_STEPS;
    ring.push([cx! + radius * Math.cos(angle), cy! + radius * Math.sin(angle)]);
  }
  ring.push(ring[0]!);
  return [ring];
}

function segmentBand([ax, ay]: Position, [bx, by]: Position, radius: number): [number, number][][] | null {
  const length = Math.hypot(bx! - ax!, by! - ay!);
  if (length === 0) return null;
  const [nx, ny] = [(-(by! - ay!) / length) * radius, ((bx! - ax!) / length) * radius];
  return [
    [
      [ax! + nx, ay! + ny],
      [bx! + nx, by! + ny],
      [bx! - nx, by! - ny],
      [ax! - nx, ay! - ny],
      [ax! + nx, ay! + ny],
    ],
  ];
}

export interface CorridorOptions {
  /** "round" (the default, as GIS buffers do) or "flat": the corridor stops square at the line's ends. */
  ends?: "round" | "flat";
}

/**
 * The corridor of `widthM` metres (the full width, half each side) along a centre line: in the line's MGA
 * zone, a band along each segment and a circle at each vertex (round joins), unioned; then back to
 * GDA2020 longitude/latitude.
 */
export function corridorFromCentreLine(line: LineString | MultiLineString, widthM: number, options: CorridorOptions = {}): Polygon | MultiPolygon {
  if (!(widthM > 0) || !Number.isFinite(widthM)) throw new AppError(400, "The corridor's width must be a number of metres above 0.");
  const mga = mgaCrs(zoneFor(line)).code;
  const projected = reprojectGeometry(line, GDA2020_CODE, mga);
  const lines = projected.type === "LineString" ? [projected.coordinates] : projected.coordinates;
  const radius = widthM / 2;
  const pieces: Geom[] = [];
  for (const points of lines) {
    points.forEach((point, i) => {
      const isEnd = i === 0 || i === points.length - 1;
      if (!isEnd || options.ends !== "flat" || points.length === 1) pieces.push(circle(point, radius));
      const band = i > 0 ? segmentBand(points[i - 1]!, point, radius) : null;
      if (band) pieces.push(band);
    });
  }
  if (!pieces.length) throw new AppError(400, "The centre line has no points.");
  const corridor = fromPolyclip(union(pieces[0]!, ...pieces.slice(1)))!;
  return reprojectGeometry(corridor, mga, GDA2020_CODE);
}

export interface AffectedArea {
  /** Square metres on the ellipsoid. */
  m2: number;
  hectares: number;
  /** Of the parcel's own area, 0–100. */
  percent: number;
  /** The part of the parcel inside the corridor (GDA2020), null when they do not meet. */
  geometry: Polygon | MultiPolygon | null;
}

/** The area a corridor or easement takes from a parcel: their overlap, built in the parcel's MGA zone. */
export function affectedArea(parcel: Polygon | MultiPolygon, corridor: Polygon | MultiPolygon): AffectedArea {
  const mga = mgaCrs(zoneFor(parcel)).code;
  const [a, b] = [reprojectGeometry(parcel, GDA2020_CODE, mga), reprojectGeometry(corridor, GDA2020_CODE, mga)];
  const overlap = fromPolyclip(intersection(toPolyclip(polygonsOf(a)), toPolyclip(polygonsOf(b))));
  const geometry = overlap ? reprojectGeometry(overlap, mga, GDA2020_CODE) : null;
  const m2 = polygonAreaM2(geometry);
  const parcelM2 = polygonAreaM2(parcel);
  return { m2, hectares: m2 / 10_000, percent: parcelM2 > 0 ? (m2 / parcelM2) * 100 : 0, geometry };
}
