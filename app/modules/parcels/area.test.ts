import fs from "node:fs";
import path from "node:path";
import { GDAL_MISSING, HAS_GDAL, fixturePath, gdal, tempFolder } from "../../../tests/setup/gdal";
import { affectedArea, corridorFromCentreLine, polygonAreaM2, zoneFor } from "./area";
import type { Feature, Geometry, LineString, MultiPolygon, Polygon, Position } from "./geojson";

type Collection<G extends Geometry | null> = { features: Feature<G>[] };
const read = <G extends Geometry | null>(name: string) => JSON.parse(fs.readFileSync(fixturePath(name), "utf8")) as Collection<G>;
const parcels = read<Polygon | MultiPolygon>("parcels-gda2020.geojson").features;
const [lineFeature, easementFeature] = read<LineString | Polygon>("corridor-gda2020.geojson").features;
const line = lineFeature!.geometry as LineString;
const easement = easementFeature!.geometry as Polygon;
const WIDTH = 40;
const parcel = (lot: string) => parcels.find((p) => p.properties!.lot === lot)!.geometry;

/** Within `tolerance` (0.005 = 0.5 %) of GDAL's figure. */
const expectClose = (ours: number, gdals: number, tolerance = 0.005) => expect(Math.abs(ours - gdals) / gdals).toBeLessThan(tolerance);

describe("polygonAreaM2", () => {
  it("measures a 0.01° square at 35° south on the ellipsoid, holes taken out, either winding", () => {
    const square: Polygon = {
      type: "Polygon",
      coordinates: [
        [
          [147, -35],
          [147.01, -35],
          [147.01, -34.99],
          [147, -34.99],
          [147, -35],
        ],
      ],
    };
    // The figure geographiclib and GDAL's ST_Area(geometry, 1) both give.
    expect(polygonAreaM2(square)).toBeCloseTo(1012816.96, 1);
    const reversed: Polygon = { type: "Polygon", coordinates: [square.coordinates[0]!.slice().reverse()] };
    expect(polygonAreaM2(reversed)).toBeCloseTo(polygonAreaM2(square), 6);
    const withHole: Polygon = {
      type: "Polygon",
      coordinates: [
        square.coordinates[0]!,
        [
          [147.002, -34.998],
          [147.004, -34.998],
          [147.004, -34.996],
          [147.002, -34.996],
          [147.002, -34.998],
        ],
      ],
    };
    expect(polygonAreaM2(withHole)).toBeLessThan(polygonAreaM2(square) - 40_000);
    expect(
      polygonAreaM2({
        type: "LineString",
        coordinates: [
          [147, -35],
          [147.01, -35],
        ],
      }),
    ).toBe(0);
    expect(polygonAreaM2(null)).toBe(0);
  });

  it("picks the zone from the mean longitude and refuses shapes outside zones 49–56", () => {
    expect(zoneFor(parcel("5"))).toBe(56);
    expect(zoneFor(parcel("6"))).toBe(50);
    expect(() => zoneFor({ type: "Point", coordinates: [-70, 40] })).toThrow(/outside MGA zones/);
  });
});

describe("corridorFromCentreLine and affectedArea", () => {
  it("builds one polygon along the line, as wide as asked", () => {
    const corridor = corridorFromCentreLine(line, WIDTH);
    expect(corridor.type).toBe("Polygon");
    // Roughly length × width: the line is ~4.6 km long.
    expect(polygonAreaM2(corridor) / WIDTH).toBeGreaterThan(4_400);
    expect(polygonAreaM2(corridor) / WIDTH).toBeLessThan(4_800);
    const flat = corridorFromCentreLine(line, WIDTH, { ends: "flat" });
    // Two half circles of 20 m radius less.
    expect(polygonAreaM2(corridor) - polygonAreaM2(flat)).toBeCloseTo(Math.PI * 20 * 20, -1);
    expect(() => corridorFromCentreLine(line, 0)).toThrow(/width/);
  });

  it("gives nothing for a parcel the corridor misses, and all of a parcel inside it", () => {
    expect(affectedArea(parcel("6"), corridorFromCentreLine(line, WIDTH))).toEqual({ m2: 0, hectares: 0, percent: 0, geometry: null });
    const whole = affectedArea(parcel("4"), {
      type: "Polygon",
      coordinates: [
        [
          [146.87, -35.01],
          [146.9, -35.01],
          [146.9, -34.98],
          [146.87, -34.98],
          [146.87, -35.01],
        ],
      ],
    });
    expect(whole.percent).toBeCloseTo(100, 6);
    expect(whole.hectares).toBeCloseTo(polygonAreaM2(parcel("4")) / 10_000, 6);
  });

  it("reports hectares and the share of the parcel", () => {
    const affected = affectedArea(parcel("1"), corridorFromCentreLine(line, WIDTH));
    expect(affected.hectares).toBeCloseTo(affected.m2 / 10_000, 9);
    expect(affected.percent).toBeCloseTo((affected.m2 / polygonAreaM2(parcel("1"))) * 100, 9);
    expect(affected.geometry?.type).toBe("Polygon");
  });
});

describe.skipIf(!HAS_GDAL)(`areas agree with GDAL (ogrinfo, SQLite dialect) within 0.5 %${GDAL_MISSING}`, () => {
  const sql = (file: string, query: string) =>
    gdal("ogrinfo", ["-q", "-dialect", "SQLite", "-sql", query, file])
      .split("\n")
      .map((row) => /^\s+(\w+) \(\w+\) = (.*)$/.exec(row))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1]!, m[2]!] as const);
  /** One value per feature: rows of [lot, area]. */
  const areas = (file: string, query: string) => {
    const rows = sql(file, query);
    const out = new Map<string, number>();
    for (let i = 0; i < rows.length; i += 2) out.set(rows[i]![1], Number(rows[i + 1]![1]));
    return out;
  };

  it("each parcel's ellipsoidal area (ST_Area(geometry, 1))", () => {
    const gdals = areas(fixturePath("parcels-gda2020.geojson"), 'SELECT lot, ST_Area(geometry, 1) AS a FROM "parcels-gda2020"');
    expect(gdals.size).toBe(parcels.length);
    for (const p of parcels) expectClose(polygonAreaM2(p.geometry), gdals.get(p.properties!.lot as string)!, 0.0001);
  });

  it.each<[string, Position[], number]>([
    [
      "a zigzag with sharp turns",
      [
        [146.9, -35],
        [146.901, -34.999],
        [146.9005, -35.0002],
        [146.902, -34.9985],
        [146.9021, -35.001],
        [146.904, -35.0005],
      ],
      25,
    ],
    [
      "a line crossing itself and doubling back",
      [
        [146.9, -35],
        [146.91, -34.99],
        [146.91, -35],
        [146.9, -34.99],
        [146.905, -34.995],
        [146.9, -34.99],
        [146.9, -34.99],
      ],
      60,
    ],
    ["a 400-point wavy line", Array.from({ length: 400 }, (_, i) => [146.8 + i * 0.0004, -35 + 0.002 * Math.sin(i / 10)]), 30],
  ])("the corridor around %s", (_name, coordinates, width) => {
    const { dir, remove } = tempFolder();
    try {
      const file = path.join(dir, "line.geojson");
      fs.writeFileSync(
        file,
        JSON.stringify({
          type: "FeatureCollection",
          crs: { type: "name", properties: { name: "urn:ogc:def:crs:EPSG::7844" } },
          features: [{ type: "Feature", properties: { lot: "line" }, geometry: { type: "LineString", coordinates } }],
        }),
      );
      const gdals = areas(file, `SELECT lot, ST_Area(ST_Transform(ST_Buffer(ST_Transform(geometry, 7855), ${width / 2}), 7844), 1) AS a FROM line`);
      expectClose(polygonAreaM2(corridorFromCentreLine({ type: "LineString", coordinates }, width)), gdals.get("line")!);
    } finally {
      remove();
    }
  });

  it("the corridor buffered from the centre line (GDAL's ST_Buffer in MGA zone 55), and each parcel's loss to it and to the easement", () => {
    const { dir, remove } = tempFolder();
    try {
      // One layer holding the parcels and the corridor's shapes, so one SQL statement can join them.
      const both = {
        type: "FeatureCollection",
        crs: { type: "name", properties: { name: "urn:ogc:def:crs:EPSG::7844" } },
        features: [
          ...parcels.map((p) => ({ ...p, properties: { kind: "parcel", lot: p.properties!.lot } })),
          { ...lineFeature, properties: { kind: "line", lot: "line" } },
          { ...easementFeature, properties: { kind: "easement", lot: "easement" } },
        ],
      };
      const file = path.join(dir, "both.geojson");
      fs.writeFileSync(file, JSON.stringify(both));
      const buffer = `ST_Transform(ST_Buffer(ST_Transform(l.geometry, 7855), ${WIDTH / 2}), 7844)`;
      const corridor = corridorFromCentreLine(line, WIDTH);
      const [[, gdalCorridor]] = [sql(file, `SELECT ST_Area(${buffer}, 1) AS a FROM both l WHERE l.kind = 'line'`)[0]!].map((row) => [row[0], Number(row[1])]);
      expectClose(polygonAreaM2(corridor), gdalCorridor as number);

      const lost = areas(file, `SELECT p.lot, ST_Area(ST_Intersection(p.geometry, ${buffer}), 1) AS a FROM both p, both l WHERE p.kind = 'parcel' AND l.kind = 'line' AND p.lot IN ('1', '2', '4')`);
      expect(lost.size).toBe(3);
      for (const [lot, m2] of lost) {
        expect(m2).toBeGreaterThan(10_000);
        expectClose(affectedArea(parcel(lot), corridor).m2, m2);
      }
      const underEasement = areas(
        file,
        `SELECT p.lot, ST_Area(ST_Intersection(p.geometry, e.geometry), 1) AS a FROM both p, both e WHERE p.kind = 'parcel' AND e.kind = 'easement' AND p.lot IN ('1', '3')`,
      );
      expect(underEasement.size).toBe(2);
      for (const [lot, m2] of underEasement) expectClose(affectedArea(parcel(lot), easement).m2, m2);
    } finally {
      remove();
    }
  });
});
