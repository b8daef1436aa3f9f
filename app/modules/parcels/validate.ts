/**
 * Is a parcel's shape usable, and can it be repaired (docs/records.md#parcels)? The import reports each
 * problem by row with its reason; with the user's consent `repair` fixes what can be fixed (closing rings,
 * dropping repeated points and spikes' empty holes, untangling a self-intersecting outline with
 * polyclip-ts's union), and the rest is skipped.
 */
import { union, type Geom } from "polyclip-ts";
import { polygonsOf, type Feature, type MultiPolygon, type Polygon, type Position } from "./geojson";

export type ShapeProblem = "empty" | "not-a-polygon" | "invalid-coordinates" | "unclosed-ring" | "duplicate-points" | "too-few-points" | "self-intersection";

export interface ShapeIssue {
  problem: ShapeProblem;
  /** Plain words for the import's report. */
  message: string;
  repairable: boolean;
}

const MESSAGES: Record<ShapeProblem, string> = {
  empty: "The shape is empty.",
  "not-a-polygon": "The shape is not an area (a point or a line); a parcel needs a polygon.",
  "invalid-coordinates": "The shape has coordinates that are not numbers.",
  "unclosed-ring": "A boundary does not end where it starts (unclosed ring).",
  "duplicate-points": "A boundary repeats the same point.",
  "too-few-points": "A boundary has fewer than three distinct points.",
  "self-intersection": "The boundary crosses itself (self-intersection).",
};

type Ring = Position[];
const samePoint = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];
const isClosed = (ring: Ring) => ring.length > 1 && samePoint(ring[0]!, ring[ring.length - 1]!);
const distinctPoints = (ring: Ring) => new Set(ring.map((p) => `${p[0]},${p[1]}`)).size;
const hasRepeats = (ring: Ring) => ring.some((p, i) => i > 0 && samePoint(p, ring[i - 1]!));

/** The ring closed, without consecutive repeats. */
function cleanRing(ring: Ring): Ring {
  const out = ring.filter((p, i) => i === 0 || !samePoint(p, ring[i - 1]!));
  if (out.length && !isClosed(out)) out.push(out[0]!);
  return out;
}

interface Segment {
  a: Position;
  b: Position;
  ring: number;
  index: number;
  /** Segments in the ring, to know the last one meets the first. */
  count: number;
}

const orient = (p: Position, q: Position, r: Position) => Math.sign((q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!));
const onSegment = (p: Position, q: Position, r: Position) => Math.min(p[0]!, r[0]!) <= q[0]! && q[0]! <= Math.max(p[0]!, r[0]!) && Math.min(p[1]!, r[1]!) <= q[1]! && q[1]! <= Math.max(p[1]!, r[1]!);

/** How two segments meet: not at all, only where neighbours share their vertex, or otherwise. */
function meets(s: Segment, t: Segment): boolean {
  const [o1, o2, o3, o4] = [orient(s.a, s.b, t.a), orient(s.a, s.b, t.b), orient(t.a, t.b, s.a), orient(t.a, t.b, s.b)];
  const adjacent = s.ring === t.ring && (Math.abs(s.index - t.index) === 1 || Math.abs(s.index - t.index) === s.count - 1);
  if (adjacent) {
    // Neighbours share one vertex; they only go wrong when the second folds back along the first (a spike).
    const [first, second] = t.index === (s.index + 1) % s.count ? [s, t] : [t, s];
    const [p, v, q] = [first.a, first.b, second.b];
    return orient(p, v, q) === 0 && (p[0]! - v[0]!) * (q[0]! - v[0]!) + (p[1]! - v[1]!) * (q[1]! - v[1]!) > 0;
  }
  const touches = (o1 === 0 && onSegment(s.a, t.a, s.b)) || (o2 === 0 && onSegment(s.a, t.b, s.b)) || (o3 === 0 && onSegment(t.a, s.a, t.b)) || (o4 === 0 && onSegment(t.a, s.b, t.b));
  const crosses = o1 * o2 < 0 && o3 * o4 < 0;
  if (crosses) return true;
  // A ring touching itself is invalid; a hole may touch its outline at one point.
  return s.ring === t.ring && touches;
}

/**
 * Does any boundary of one polygon cross itself or another of its rings? A sweep along x: segments sorted by
 * their left end, each compared only with the segments whose x-range it overlaps (not every pair).
 */
export function selfIntersects(rings: Ring[]): boolean {
  const segments: Segment[] = [];
  rings.forEach((ring, r) => {
    const count = ring.length - 1;
    for (let i = 0; i < count; i++) segments.push({ a: ring[i]!, b: ring[i + 1]!, ring: r, index: i, count });
  });
  const minX = (s: Segment) => Math.min(s.a[0]!, s.b[0]!);
  const maxX = (s: Segment) => Math.max(s.a[0]!, s.b[0]!);
  segments.sort((s, t) => minX(s) - minX(t));
  let active: Segment[] = [];
  for (const segment of segments) {
    const left = minX(segment);
    active = active.filter((other) => maxX(other) >= left);
    const [low, high] = [Math.min(segment.a[1]!, segment.b[1]!), Math.max(segment.a[1]!, segment.b[1]!)];
    for (const other of active) {
      if (Math.max(other.a[1]!, other.b[1]!) < low || Math.min(other.a[1]!, other.b[1]!) > high) continue;
      if (meets(other, segment)) return true;
    }
    active.push(segment);
  }
  return false;
}

/** Every problem of one feature's shape, in the order the import reports them. */
export function validateFeature(feature: Pick<Feature, "geometry">): ShapeIssue[] {
  const issue = (problem: ShapeProblem, repairable: boolean): ShapeIssue => ({ problem, message: MESSAGES[problem], repairable });
  const geometry = feature.geometry;
  if (!geometry) return [issue("empty", false)];
  if (geometry.type !== "Polygon" && geometry.type !== "MultiPolygon") return [issue("not-a-polygon", false)];
  const polygons = polygonsOf(geometry).filter((rings) => rings.length && rings[0]!.length);
  if (!polygons.length) return [issue("empty", false)];
  const rings = polygons.flat();
  if (rings.some((ring) => ring.some((p) => !Array.isArray(p) || p.length < 2 || !Number.isFinite(p[0]) || !Number.isFinite(p[1])))) return [issue("invalid-coordinates", false)];
  const issues: ShapeIssue[] = [];
  if (rings.some((ring) => !isClosed(ring))) issues.push(issue("unclosed-ring", true));
  if (rings.some(hasRepeats)) issues.push(issue("duplicate-points", true));
  // A hole with too few points can be dropped; an outline cannot be made up.
  const tooFewOutline = polygons.some((p) => distinctPoints(p[0]!) < 3);
  if (rings.some((ring) => distinctPoints(ring) < 3)) issues.push(issue("too-few-points", !tooFewOutline));
  if (!tooFewOutline && polygons.some((p) => selfIntersects(p.map(cleanRing).filter((ring) => distinctPoints(ring) >= 3)))) issues.push(issue("self-intersection", true));
  return issues;
}

export interface Repair<F> {
  /** The repaired feature, or null when it cannot be repaired (then `issues` says why). */
  feature: F | null;
  /** What was wrong, each marked repairable or not. */
  issues: ShapeIssue[];
}

/** The feature with what can be fixed fixed; null when something cannot be (an empty shape, a line, an outline of two points). */
export function repair<F extends Feature>(feature: F): Repair<F> {
  const issues = validateFeature(feature);
  if (issues.some((i) => !i.repairable)) return { feature: null, issues };
  if (!issues.length) return { feature, issues };
  const polygons = polygonsOf(feature.geometry).map((rings) => rings.map(cleanRing).filter((ring, i) => i === 0 || distinctPoints(ring) >= 3));
  let geometry: Polygon | MultiPolygon = polygons.length === 1 ? { type: "Polygon", coordinates: polygons[0]! } : { type: "MultiPolygon", coordinates: polygons };
  if (issues.some((i) => i.problem === "self-intersection")) {
    const parts = polygons.map((rings) => rings.map((ring) => ring.map(([x, y]) => [x!, y!] as [number, number])));
    const untangled = union(parts[0]! as Geom, ...(parts.slice(1) as Geom[]));
    if (!untangled.length) return { feature: null, issues: [...issues, { problem: "empty", message: MESSAGES.empty, repairable: false }] };
    geometry = untangled.length === 1 ? { type: "Polygon", coordinates: untangled[0]! } : { type: "MultiPolygon", coordinates: untangled };
  }
  return { feature: { ...feature, geometry }, issues };
}
