/**
 * Parcel areas and the area a corridor takes from each parcel (docs/records.md#parcels). Geometries are
 * GDA2020 longitude/latitude. Areas are on the GRS80 ellipsoid (geographiclib's PolygonArea); the buffer and
 * the overlap are built in the parcel's or line's MGA zone (proj4) with polyclip-ts, then brought back.
 */
// A CommonJS package: Node's ESM loader (the built server) gives it only as the default export.
import geographiclib from "geographiclib-geodesic";
import { AppError } from "~/utils/app-error";
import { intersection, union, type Geom } from "polyclip-ts";
import { GDA2020_CODE, mgaCrs, mgaZoneOf, reprojectGeometry } from "./crs";
import { polygonsOf, positionsOf, type Geometry, type LineString, type MultiLineString, type MultiPolygon, type Polygon, type Position } from "./geojson";

/** GRS80, the ellipsoid of GDA2020 and GDA94 (WGS84's differs from it by 0.1 mm in the semi-minor axis). */
const GRS80 = new geographiclib.Geodesic.Geodesic(6378137, 1 / 298.257222101);

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

/** Points per full circle of a round join or end: the inscribed polygon keeps 99.92 % of the circle's area. */
const CIRCLE_STEPS = 90;

type XY = [number, number];

/** The arc around `centre` from angle `from` turning by `turn` radians (either way), as points. */
function arc([cx, cy]: Position, radius: number, from: number, turn: number): XY[] {
  const steps = Math.max(1, Math.ceil((Math.abs(turn) / (2 * Math.PI)) * CIRCLE_STEPS));
  const points: XY[] = [];
  for (let i = 0; i <= steps; i++) {
    const angle = from + (turn * i) / steps;
    points.push([cx! + radius * Math.cos(angle), cy! + radius * Math.sin(angle)]);
  }
  return points;
}

const circle = (centre: Position, radius: number): XY[][] => {
  const ring = arc(centre, radius, 0, 2 * Math.PI);
  ring[ring.length - 1] = ring[0]!;
  return [ring];
};

/** A segment's left normal, `radius` long: bands and joins take their corners from it, so shared corners are the same numbers. */
function leftNormal([ax, ay]: Position, [bx, by]: Position, radius: number): XY {
  const length = Math.hypot(bx! - ax!, by! - ay!);
  return [(-(by! - ay!) / length) * radius, ((bx! - ax!) / length) * radius];
}

/**
 * The round join at a vertex: the wedge on the outside of the turn between the two segments' bands (the
 * inside is covered by the bands themselves), so a long line adds a few points per vertex, not a circle.
 * Its ends are the bands' own corners, and its apex sits inside the turn rather than on the vertex, so
 * none of its edges lies along a band's end: overlapping collinear edges are where polygon clipping
 * goes wrong.
 */
function join(previous: Position, vertex: Position, next: Position, radius: number): XY[][] | null {
  const [ax, ay] = [vertex[0]! - previous[0]!, vertex[1]! - previous[1]!];
  const [bx, by] = [next[0]! - vertex[0]!, next[1]! - vertex[1]!];
  const turn = Math.atan2(ax * by - ay * bx, ax * bx + ay * by);
  if (Math.abs(turn) < 1e-9) return null;
  // A line doubling back on itself needs the whole half circle around the vertex.
  if (Math.abs(turn) > Math.PI - 1e-6) return circle(vertex, radius);
  // Turning left leaves the gap on the right: from the incoming band's right corner round to the outgoing one's.
  const side = turn > 0 ? -1 : 1;
  const [n1, n2] = [leftNormal(previous, vertex, radius), leftNormal(vertex, next, radius)];
  const [vx, vy] = [vertex[0]!, vertex[1]!];
  const first: XY = [vx + side * n1[0], vy + side * n1[1]];
  const last: XY = [vx + side * n2[0], vy + side * n2[1]];
  const outward = [side * (n1[0] + n2[0]), side * (n1[1] + n2[1])];
  const scale = radius / 2 / Math.hypot(outward[0]!, outward[1]!);
  const apex: XY = [vx - outward[0]! * scale, vy - outward[1]! * scale];
  const between = arc(vertex, radius, Math.atan2(side * n1[1], side * n1[0]), turn).slice(1, -1);
  return [[apex, first, ...between, last, apex]];
}

function segmentBand(a: Position, b: Position, radius: number): XY[][] {
  const [nx, ny] = leftNormal(a, b, radius);
  const [ax, ay, bx, by] = [a[0]!, a[1]!, b[0]!, b[1]!];
  return [
    [
      [ax + nx, ay + ny],
      [bx + nx, by + ny],
      [bx - nx, by - ny],
      [ax - nx, ay - ny],
      [ax + nx, ay + ny],
    ],
  ];
}

export interface CorridorOptions {
  /** "round" (the default, as GIS buffers do) or "flat": the corridor stops square at the line's ends. */
  ends?: "round" | "flat";
}

/**
 * The corridor of `widthM` metres (the full width, half each side) along a centre line: in the line's MGA
 * zone, a band along each segment, the outside wedge of a circle at each turn (round joins) and a circle
 * at each end (unless flat), unioned; then back to GDA2020 longitude/latitude.
 */
export function corridorFromCentreLine(line: LineString | MultiLineString, widthM: number, options: CorridorOptions = {}): Polygon | MultiPolygon {
  if (!(widthM > 0) || !Number.isFinite(widthM)) throw new AppError(400, "The corridor's width must be a number of metres above 0.");
  const mga = mgaCrs(zoneFor(line)).code;
  const projected = reprojectGeometry(line, GDA2020_CODE, mga);
  const lines = projected.type === "LineString" ? [projected.coordinates] : projected.coordinates;
  const radius = widthM / 2;
  const pieces: Geom[] = [];
  for (const part of lines) {
    const points = part.filter((p, i) => i === 0 || p[0] !== part[i - 1]![0] || p[1] !== part[i - 1]![1]);
    if (points.length === 1 || options.ends !== "flat") pieces.push(circle(points[0]!, radius));
    if (points.length > 1 && options.ends !== "flat") pieces.push(circle(points[points.length - 1]!, radius));
    for (let i = 1; i < points.length; i++) {
      pieces.push(segmentBand(points[i - 1]!, points[i]!, radius));
      const wedge = i + 1 < points.length ? join(points[i - 1]!, points[i]!, points[i + 1]!, radius) : null;
      if (wedge) pieces.push(wedge);
    }
  }
  if (!pieces.length) throw new AppError(400, "The centre line has no points.");
  let corridor: Polygon | MultiPolygon;
  try {
    corridor = fromPolyclip(union(pieces[0]!, ...pieces.slice(1)))!;
  } catch {
    // polyclip-ts gives up on some near-degenerate inputs ("Unable to complete output ring").
    throw new AppError(422, "The corridor could not be built around this centre line. Remove points that almost repeat each other and try again.");
  }
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
