/**
 * Parcels out to GIS (docs/records.md#parcels): GeoJSON and KML in GDA2020 longitude/latitude, with every
 * attribute (KML's as ExtendedData under a Schema, the form GDAL and Google Earth read as fields).
 */
import { GDA2020_CODE } from "./crs";
import { mapPositions, polygonsOf, type Feature, type Geometry, type Position, type Properties } from "./geojson";

/** Eight decimals of a degree: about a millimetre. */
const round = (value: number) => Math.round(value * 1e8) / 1e8;
const roundPosition = (p: Position): Position => p.map(round);

/** Twice the signed area in the plane of the coordinates: positive when counter-clockwise. */
const signedArea = (ring: Position[]) => ring.reduce((sum, p, i) => (i ? sum + (ring[i - 1]![0]! * p[1]! - p[0]! * ring[i - 1]![1]!) : sum), 0);
const wound = (ring: Position[], counterClockwise: boolean) => (signedArea(ring) > 0 === counterClockwise ? ring : ring.slice().reverse());

/** RFC 7946's winding (outer rings counter-clockwise, holes clockwise), which some readers need to fill a parcel the right way. */
function rewind(geometry: Geometry): Geometry {
  if (geometry.type === "Polygon") return { ...geometry, coordinates: geometry.coordinates.map((ring, i) => wound(ring, i === 0)) };
  if (geometry.type === "MultiPolygon") return { ...geometry, coordinates: geometry.coordinates.map((rings) => rings.map((ring, i) => wound(ring, i === 0))) };
  return geometry;
}

/** A GeoJSON FeatureCollection naming GDA2020 (EPSG:7844) in its `crs` member, which GDAL and QGIS honour. */
export function toGeoJson(features: Feature[], options: { name?: string } = {}): string {
  const [, code] = GDA2020_CODE.split(":");
  return JSON.stringify({
    type: "FeatureCollection",
    ...(options.name ? { name: options.name } : {}),
    crs: { type: "name", properties: { name: `urn:ogc:def:crs:EPSG::${code}` } },
    features: features.map((f) => ({
      type: "Feature",
      ...(f.id === undefined ? {} : { id: f.id }),
      properties: f.properties ?? {},
      geometry: f.geometry ? rewind(mapPositions(f.geometry, roundPosition)) : null,
    })),
  });
}

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const asText = (value: unknown) => (typeof value === "object" ? JSON.stringify(value) : String(value));

type KmlType = "string" | "int" | "double" | "bool";

/** Each attribute's KML type: a column of whole numbers is int, of numbers double, of true/false bool, else string. */
function schemaOf(features: Feature[]): [string, KmlType][] {
  const types = new Map<string, KmlType | null>();
  for (const properties of features.map((f) => f.properties ?? {})) {
    for (const [key, value] of Object.entries(properties)) {
      const type: KmlType | null =
        value === null || value === undefined ? null : typeof value === "boolean" ? "bool" : typeof value === "number" ? (Number.isInteger(value) ? "int" : "double") : "string";
      const seen = types.get(key);
      if (seen === undefined || seen === null) types.set(key, type);
      else if (type && type !== seen) types.set(key, seen === "int" && type === "double" ? "double" : seen === "double" && type === "int" ? "double" : "string");
    }
  }
  return [...types].map(([key, type]) => [key, type ?? "string"]);
}

const coordinates = (ring: Position[]) => `<coordinates>${ring.map((p) => `${round(p[0]!)},${round(p[1]!)}`).join(" ")}</coordinates>`;
const kmlPolygon = ([outer, ...holes]: Position[][]) =>
  `<Polygon><outerBoundaryIs><LinearRing>${coordinates(outer ?? [])}</LinearRing></outerBoundaryIs>${holes.map((h) => `<innerBoundaryIs><LinearRing>${coordinates(h)}</LinearRing></innerBoundaryIs>`).join("")}</Polygon>`;

function kmlGeometry(geometry: Geometry | null): string {
  if (!geometry) return "";
  switch (geometry.type) {
    case "Point":
      return `<Point>${coordinates([geometry.coordinates])}</Point>`;
    case "LineString":
      return `<LineString>${coordinates(geometry.coordinates)}</LineString>`;
    case "Polygon":
      return kmlPolygon(geometry.coordinates);
    case "MultiPolygon":
      return `<MultiGeometry>${polygonsOf(geometry).map(kmlPolygon).join("")}</MultiGeometry>`;
    case "MultiPoint":
    case "MultiLineString":
    case "GeometryCollection": {
      const parts: Geometry[] =
        geometry.type === "MultiPoint"
          ? geometry.coordinates.map((coordinates) => ({ type: "Point", coordinates }))
          : geometry.type === "MultiLineString"
            ? geometry.coordinates.map((coordinates) => ({ type: "LineString", coordinates }))
            : geometry.geometries;
      return `<MultiGeometry>${parts.map(kmlGeometry).join("")}</MultiGeometry>`;
    }
  }
}

/**
 * A KML document: one Placemark per feature, named by `nameOf` (e.g. the lot/plan key), its attributes as
 * ExtendedData/SchemaData. KML says WGS84; GDA2020 coordinates are written as they are (the two agree
 * within about a metre in Australia, docs/records.md#parcels).
 */
export function toKml(features: Feature[], options: { name?: string; nameOf?: (properties: Properties) => string | null } = {}): string {
  const name = options.name ?? "Parcels";
  const schemaId = "parcels";
  const schema = schemaOf(features);
  const placemark = (feature: Feature) => {
    const properties = feature.properties ?? {};
    const label = options.nameOf?.(properties);
    const data = schema
      .filter(([key]) => properties[key] !== null && properties[key] !== undefined)
      .map(([key]) => `<SimpleData name="${xml(key)}">${xml(asText(properties[key]))}</SimpleData>`)
      .join("");
    return `<Placemark>${label ? `<name>${xml(label)}</name>` : ""}<ExtendedData><SchemaData schemaUrl="#${schemaId}">${data}</SchemaData></ExtendedData>${kmlGeometry(feature.geometry)}</Placemark>`;
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    `<Document><name>${xml(name)}</name>`,
    `<Schema name="${xml(name)}" id="${schemaId}">${schema.map(([key, type]) => `<SimpleField name="${xml(key)}" type="${type}"></SimpleField>`).join("")}</Schema>`,
    `<Folder><name>${xml(name)}</name>`,
    ...features.map(placemark),
    "</Folder></Document></kml>",
    "",
  ].join("\n");
}
