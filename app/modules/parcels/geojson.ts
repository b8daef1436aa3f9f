/* The GeoJSON shapes the parcel modules pass around (RFC 7946), and a walk over their coordinates. */

export type Position = number[];
export type Point = { type: "Point"; coordinates: Position };
export type MultiPoint = { type: "MultiPoint"; coordinates: Position[] };
export type LineString = { type: "LineString"; coordinates: Position[] };
export type MultiLineString = { type: "MultiLineString"; coordinates: Position[][] };
export type Polygon = { type: "Polygon"; coordinates: Position[][] };
export type MultiPolygon = { type: "MultiPolygon"; coordinates: Position[][][] };
export type GeometryCollection = { type: "GeometryCollection"; geometries: Geometry[] };
export type Geometry = Point | MultiPoint | LineString | MultiLineString | Polygon | MultiPolygon | GeometryCollection;
export type Properties = Record<string, unknown>;

export interface Feature<G extends Geometry | null = Geometry | null> {
  type: "Feature";
  id?: string | number;
  geometry: G;
  properties: Properties | null;
}

/** The same geometry with every position passed through `fn` (a new object; the input is not changed). */
export function mapPositions<G extends Geometry>(geometry: G, fn: (position: Position) => Position): G {
  switch (geometry.type) {
    case "Point":
      return { ...geometry, coordinates: fn(geometry.coordinates) };
    case "MultiPoint":
    case "LineString":
      return { ...geometry, coordinates: geometry.coordinates.map(fn) };
    case "MultiLineString":
    case "Polygon":
      return { ...geometry, coordinates: geometry.coordinates.map((line) => line.map(fn)) };
    case "MultiPolygon":
      return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(fn))) };
    case "GeometryCollection":
      return { ...geometry, geometries: geometry.geometries.map((g) => mapPositions(g, fn)) };
  }
}

/** Every position of a geometry, in order. */
export function* positionsOf(geometry: Geometry): Generator<Position> {
  switch (geometry.type) {
    case "Point":
      yield geometry.coordinates;
      return;
    case "MultiPoint":
    case "LineString":
      yield* geometry.coordinates;
      return;
    case "MultiLineString":
    case "Polygon":
      for (const line of geometry.coordinates) yield* line;
      return;
    case "MultiPolygon":
      for (const polygon of geometry.coordinates) for (const ring of polygon) yield* ring;
      return;
    case "GeometryCollection":
      for (const g of geometry.geometries) yield* positionsOf(g);
  }
}

/** The polygons of a Polygon or MultiPolygon as one list (rings of positions); [] for anything else. */
export function polygonsOf(geometry: Geometry | null): Position[][][] {
  if (geometry?.type === "Polygon") return [geometry.coordinates];
  if (geometry?.type === "MultiPolygon") return geometry.coordinates;
  return [];
}
