/**
 * The map's geometry (docs/records.md#the-map): a view's box, Web Mercator projection onto the SVG's
 * pixel grid, simplification by zoom level, zoom and pan boxes, and the XYZ tiles under a view. Pure,
 * so the page, the bench and the tests compute the same drawing.
 */
import simplify from "simplify-js";
import { polygonsOf, positionsOf, type Geometry, type Position } from "./geojson";

/** A box in GDA2020 degrees: west, south, east, north. */
export type Bbox = [minLng: number, minLat: number, maxLng: number, maxLat: number];

/** The drawing's size in SVG user units (pixels at 100 %); CSS scales it to the column. */
export const MAP_WIDTH = 800;
export const MAP_HEIGHT = 560;
/** Web Mercator's limit of latitude, and the smallest view (about 20 m across) zooming in may reach. */
const MAX_LAT = 85.0511;
const MIN_SPAN = 0.0002;
/** Simplification tolerance in pixels: anything finer than this cannot be seen. */
const TOLERANCE_PX = 0.6;

const BBOX_TEXT = /^\s*-?\d+(\.\d+)?\s*(,\s*-?\d+(\.\d+)?\s*){3}$/;

/** `minLng,minLat,maxLng,maxLat` in degrees, west < east and south < north, within the Earth; null otherwise. */
export function parseBbox(text: string | null | undefined): Bbox | null {
  if (!text || !BBOX_TEXT.test(text)) return null;
  const [w, s, e, n] = text.split(",").map(Number) as Bbox;
  if (!(w < e && s < n && w >= -180 && e <= 180 && s >= -90 && n <= 90)) return null;
  return [w, s, e, n];
}

/** Six decimals (about 0.1 m): enough for a view, short in a URL. */
const fix = (value: number) => Number(value.toFixed(6));
export const bboxText = (bbox: Bbox) => bbox.map(fix).join(",");

/** The box of a geometry's positions; null for an empty one. */
export function geometryBbox(geometry: Geometry): Bbox | null {
  let box: Bbox | null = null;
  for (const [x, y] of positionsOf(geometry)) {
    if (x === undefined || y === undefined) continue;
    box = box ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)] : [x, y, x, y];
  }
  return box;
}

/** Whether two boxes overlap (touching counts), as PostgreSQL's `&&` on boxes. */
export const bboxesOverlap = (a: Bbox, b: Bbox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** A box grown by `fraction` of its size on every side, and never smaller than MIN_SPAN. */
export function padBbox([w, s, e, n]: Bbox, fraction = 0.05): Bbox {
  const cx = (w + e) / 2;
  const cy = (s + n) / 2;
  const halfX = Math.max((e - w) * (1 + 2 * fraction), MIN_SPAN) / 2;
  const halfY = Math.max((n - s) * (1 + 2 * fraction), MIN_SPAN) / 2;
  return clampBbox([cx - halfX, cy - halfY, cx + halfX, cy + halfY]);
}

function clampBbox([w, s, e, n]: Bbox): Bbox {
  return [Math.max(w, -180), Math.max(s, -MAX_LAT), Math.min(e, 180), Math.min(n, MAX_LAT)];
}

/** Web Mercator: longitude and latitude to the unit square (x east, y south), as XYZ tiles use. */
export function mercator(lng: number, lat: number): [number, number] {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return [(lng + 180) / 360, (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2];
}

function inverseMercator(x: number, y: number): [number, number] {
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
  return [x * 360 - 180, lat];
}

export interface MapView {
  /** The box asked for, and the box the drawing actually shows (the asked box widened to the drawing's shape). */
  asked: Bbox;
  shown: Bbox;
  /** Pixels per unit of the Mercator square, and the top-left corner of the drawing in that square. */
  scale: number;
  originX: number;
  originY: number;
  /** The fractional XYZ zoom level of the view (256-pixel tiles). */
  zoom: number;
}

/** The view that shows all of `bbox` in MAP_WIDTH × MAP_HEIGHT, centred, with the same scale in x and y. */
export function mapView(bbox: Bbox): MapView {
  const [x0, y1] = mercator(bbox[0], bbox[1]);
  const [x1, y0] = mercator(bbox[2], bbox[3]);
  const scale = Math.min(MAP_WIDTH / Math.max(x1 - x0, 1e-12), MAP_HEIGHT / Math.max(y1 - y0, 1e-12));
  const originX = (x0 + x1) / 2 - MAP_WIDTH / 2 / scale;
  const originY = (y0 + y1) / 2 - MAP_HEIGHT / 2 / scale;
  const [w, n] = inverseMercator(originX, originY);
  const [e, s] = inverseMercator(originX + MAP_WIDTH / scale, originY + MAP_HEIGHT / scale);
  return { asked: bbox, shown: [w, s, e, n], scale, originX, originY, zoom: Math.log2(scale / 256) };
}

/** A position in pixels of the drawing (not rounded). */
export function toPixel(view: MapView, [lng, lat]: Position): [number, number] {
  const [x, y] = mercator(lng!, lat!);
  return [(x - view.originX) * view.scale, (y - view.originY) * view.scale];
}

/**
 * One ring as SVG path data on the pixel grid: projected, simplified (Douglas–Peucker, tolerance
 * TOLERANCE_PX, so a ring keeps the detail the zoom level can show), rounded to whole pixels with
 * repeats dropped, written with relative moves. A ring that shrinks below three pixels becomes a
 * 2 × 2 square, so a small parcel stays visible and can be clicked.
 */
function ringPath(view: MapView, ring: Position[]): string {
  const projected = ring.map((p) => {
    const [x, y] = toPixel(view, p);
    return { x, y };
  });
  const points: [number, number][] = [];
  for (const { x, y } of simplify(projected, TOLERANCE_PX)) {
    const point: [number, number] = [Math.round(x), Math.round(y)];
    const last = points[points.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) points.push(point);
  }
  if (points.length > 1 && points[0]![0] === points[points.length - 1]![0] && points[0]![1] === points[points.length - 1]![1]) points.pop();
  if (points.length < 3) {
    const cx = Math.round(projected.reduce((sum, p) => sum + p.x, 0) / projected.length);
    const cy = Math.round(projected.reduce((sum, p) => sum + p.y, 0) / projected.length);
    return `M${cx - 1} ${cy - 1}h2v2h-2z`;
  }
  let d = `M${points[0]![0]} ${points[0]![1]}`;
  for (let i = 1; i < points.length; i++) d += `${i === 1 ? "l" : " "}${points[i]![0] - points[i - 1]![0]} ${points[i]![1] - points[i - 1]![1]}`;
  return `${d.replace(/ -/g, "-")}z`;
}

/** A Polygon or MultiPolygon (holes included, drawn with the even-odd rule) as SVG path data. */
export function geometryPath(view: MapView, geometry: Geometry): string {
  return polygonsOf(geometry)
    .flatMap((rings) => rings.filter((ring) => ring.length > 0).map((ring) => ringPath(view, ring)))
    .join("");
}

/** The outline of any geometry (a corridor may be a polygon; a line is drawn as a line). */
export function outlinePath(view: MapView, geometry: Geometry): string {
  if (geometry.type === "LineString") return ringPath(view, geometry.coordinates).replace(/z$/, "");
  if (geometry.type === "MultiLineString") return geometry.coordinates.map((line) => ringPath(view, line).replace(/z$/, "")).join("");
  if (geometry.type === "GeometryCollection") return geometry.geometries.map((g) => outlinePath(view, g)).join("");
  return geometryPath(view, geometry);
}

/** The boxes the zoom and pan links go to: half or twice the shown box, or the shown box moved by half its size. */
export function neighbourBoxes(view: MapView): Record<"zoomIn" | "zoomOut" | "north" | "south" | "east" | "west", Bbox> {
  const [w, s, e, n] = view.shown;
  const dx = e - w;
  const dy = n - s;
  const cx = (w + e) / 2;
  const cy = (s + n) / 2;
  const around = (fx: number, fy: number): Bbox => clampBbox([cx - (dx * fx) / 2, cy - (dy * fy) / 2, cx + (dx * fx) / 2, cy + (dy * fy) / 2]);
  const shift = (ox: number, oy: number): Bbox => clampBbox([w + ox, s + oy, e + ox, n + oy]);
  const inX = Math.max(0.5, MIN_SPAN / dx);
  const inY = Math.max(0.5, MIN_SPAN / dy);
  return {
    zoomIn: around(inX, inY),
    zoomOut: around(2, 2),
    north: shift(0, dy / 2),
    south: shift(0, -dy / 2),
    east: shift(dx / 2, 0),
    west: shift(-dx / 2, 0),
  };
}

export interface Tile {
  href: string;
  x: number;
  y: number;
  size: number;
}

/** Tiles are not drawn below this zoom (a whole continent) nor above the usual servers' limit. */
const TILE_ZOOM = { min: 1, max: 19 };

/**
 * The XYZ tiles under the view (`{z}`, `{x}`, `{y}` in the template; `{s}` is not supported): the
 * whole zoom level nearest the view's, each tile placed and sized on the drawing's pixel grid. Servers
 * that ask for fair use want few requests: at most 6 × 5 tiles of 181–362 pixels fill the 800 × 560 drawing.
 */
export function tilesFor(view: MapView, template: string): Tile[] {
  const z = Math.max(TILE_ZOOM.min, Math.min(TILE_ZOOM.max, Math.round(view.zoom)));
  const count = 2 ** z;
  const size = view.scale / count;
  const first = (origin: number) => Math.max(0, Math.floor(origin * count));
  const last = (origin: number, extent: number) => Math.min(count - 1, Math.floor((origin + extent / view.scale) * count));
  const tiles: Tile[] = [];
  for (let ty = first(view.originY); ty <= last(view.originY, MAP_HEIGHT); ty++) {
    for (let tx = first(view.originX); tx <= last(view.originX, MAP_WIDTH); tx++) {
      tiles.push({
        href: template.replace("{z}", String(z)).replace("{x}", String(tx)).replace("{y}", String(ty)),
        x: Math.round((tx / count - view.originX) * view.scale),
        y: Math.round((ty / count - view.originY) * view.scale),
        size: Math.ceil(size),
      });
    }
  }
  return tiles;
}
