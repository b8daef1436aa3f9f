import fs from "node:fs";
import { fixturePath } from "../../../tests/setup/gdal";
import { affectedArea, corridorFromCentreLine, parcelLosses, polygonAreaM2, prepareCorridor } from "./area";
import { corridorFromFeatures } from "./corridor-file";
import type { Feature, Geometry, LineString, MultiPolygon, Polygon } from "./geojson";

type Collection<G extends Geometry | null> = { features: Feature<G>[] };
const read = <G extends Geometry | null>(name: string) => JSON.parse(fs.readFileSync(fixturePath(name), "utf8")) as Collection<G>;
const parcels = read<Polygon | MultiPolygon>("parcels-gda2020.geojson").features;
const [lineFeature, easementFeature] = read<LineString | Polygon>("corridor-gda2020.geojson").features;
const parcel = (lot: string) => parcels.find((p) => p.properties!.lot === lot)!.geometry;
const feature = (geometry: Geometry | null): Feature => ({ type: "Feature", geometry, properties: {} });
const square = (x: number, y: number, size: number): Polygon => ({
  type: "Polygon",
  coordinates: [
    [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ],
  ],
});

describe("corridorFromFeatures", () => {
  it("buffers a centre line by its width and keeps the line as uploaded", () => {
    const shape = corridorFromFeatures([lineFeature!], 40);
    expect(shape.kind).toBe("centre_line");
    expect(shape.widthMetres).toBe(40);
    expect(shape.sourceGeometry).toEqual(lineFeature!.geometry);
    expect(polygonAreaM2(shape.geometry)).toBeCloseTo(polygonAreaM2(corridorFromCentreLine(lineFeature!.geometry as LineString, 40)), 6);
  });

  it("asks for the width of a centre line, on the width field", () => {
    expect(() => corridorFromFeatures([lineFeature!], null)).toThrow(expect.objectContaining({ field: "widthMetres", message: expect.stringMatching(/width in metres/) }));
  });

  it("takes polygons as they are, ignoring a width, and joins overlapping ones so shared ground counts once", () => {
    const one = corridorFromFeatures([easementFeature!], 40);
    expect(one).toMatchObject({ kind: "polygon", widthMetres: null, geometry: easementFeature!.geometry });
    const two = corridorFromFeatures([feature(square(147, -35, 0.01)), feature(square(147.005, -35, 0.01))], null);
    expect(two.geometry.type).toBe("Polygon");
    const rectangle: Polygon = {
      type: "Polygon",
      coordinates: [
        [
          [147, -35],
          [147.015, -35],
          [147.015, -34.99],
          [147, -34.99],
          [147, -35],
        ],
      ],
    };
    expect(polygonAreaM2(two.geometry)).toBeCloseTo(polygonAreaM2(rectangle), 0);
    expect(two.sourceGeometry.type).toBe("MultiPolygon");
  });

  it.each<[string, Feature[], RegExp]>([
    ["no shapes", [], /no shapes/],
    ["a point", [feature({ type: "Point", coordinates: [147, -35] })], /Row 1: not a polygon or a line/],
    ["an empty feature", [feature(null)], /Row 1: not a polygon or a line/],
    ["polygons and lines together", [lineFeature!, easementFeature!], /both polygons and lines/],
    [
      "a line of one repeated point",
      [
        feature({
          type: "LineString",
          coordinates: [
            [147, -35],
            [147, -35],
          ],
        }),
      ],
      /at least two different points/,
    ],
    [
      "a bow tie",
      [
        feature({
          type: "Polygon",
          coordinates: [
            [
              [147, -35],
              [147.01, -34.99],
              [147.01, -35],
              [147, -34.99],
              [147, -35],
            ],
          ],
        }),
      ],
      /row 1: The boundary crosses itself/,
    ],
    ["a line too long to buffer", [feature({ type: "LineString", coordinates: Array.from({ length: 2001 }, (_, i) => [147 + i * 0.0001, -35]) })], /2001 points; at most 2000/],
  ])("refuses %s with the reason", (_name, features, message) => {
    expect(() => corridorFromFeatures(features, 40)).toThrow(message);
  });
});

describe("parcelLosses", () => {
  const corridor = prepareCorridor(1, corridorFromCentreLine(lineFeature!.geometry as LineString, 40));
  const easement = prepareCorridor(2, easementFeature!.geometry as Polygon);

  it("gives each corridor's overlap as affectedArea does, and nothing for a parcel they miss", () => {
    const loss = parcelLosses(parcel("1"), [corridor, easement]);
    expect(loss.byArea.map((a) => a.id)).toEqual([1, 2]);
    const [line, strip] = loss.byArea;
    expect(line!.m2).toBeCloseTo(affectedArea(parcel("1"), corridorFromCentreLine(lineFeature!.geometry as LineString, 40)).m2, 3);
    expect(strip!.m2).toBeCloseTo(affectedArea(parcel("1"), easementFeature!.geometry as Polygon).m2, 3);
    expect(line!.share).toBeCloseTo(line!.m2 / polygonAreaM2(parcel("1")), 9);
    expect(parcelLosses(parcel("6"), [corridor, easement])).toEqual({ byArea: [], m2: 0, share: 0 });
  });

  it("counts ground under two corridors once in the total", () => {
    const loss = parcelLosses(parcel("1"), [corridor, easement]);
    const [line, strip] = loss.byArea;
    // The centre line crosses the easement inside lot 1: the total is less than the sum, more than either.
    expect(loss.m2).toBeLessThan(line!.m2 + strip!.m2 - 100);
    expect(loss.m2).toBeGreaterThan(Math.max(line!.m2, strip!.m2));
    expect(loss.share).toBeCloseTo(loss.m2 / polygonAreaM2(parcel("1")), 9);
    // The same corridor twice is the corridor once.
    const twice = parcelLosses(parcel("1"), [corridor, prepareCorridor(3, corridorFromCentreLine(lineFeature!.geometry as LineString, 40))]);
    expect(twice.m2).toBeCloseTo(line!.m2, 0);
  });

  it("takes the whole of a parcel inside a corridor, never more", () => {
    const loss = parcelLosses(parcel("4"), [prepareCorridor(9, square(146.8, -35.1, 0.2))]);
    expect(loss.share).toBeCloseTo(1, 6);
    expect(loss.share).toBeLessThanOrEqual(1);
  });
});
