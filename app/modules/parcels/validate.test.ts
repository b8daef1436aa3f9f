import { repair, selfIntersects, validateFeature } from "./validate";
import type { Feature, Geometry, Position } from "./geojson";
import { polygonAreaM2 } from "./area";

const feature = (geometry: Geometry | null): Feature => ({ type: "Feature", geometry, properties: { lot: "1" } });
const polygon = (...rings: Position[][]): Geometry => ({ type: "Polygon", coordinates: rings });
const problems = (geometry: Geometry | null) => validateFeature(feature(geometry)).map((i) => i.problem);

const square: Position[] = [
  [147, -35],
  [147.01, -35],
  [147.01, -34.99],
  [147, -34.99],
  [147, -35],
];
const bowTie: Position[] = [
  [147, -35],
  [147.01, -34.99],
  [147.01, -35],
  [147, -34.99],
  [147, -35],
];
const hole: Position[] = [
  [147.002, -34.998],
  [147.002, -34.996],
  [147.004, -34.996],
  [147.004, -34.998],
  [147.002, -34.998],
];

describe("validateFeature", () => {
  it("passes a good polygon, one with a hole and a multipolygon", () => {
    expect(problems(polygon(square))).toEqual([]);
    expect(problems(polygon(square, hole))).toEqual([]);
    expect(problems({ type: "MultiPolygon", coordinates: [[square], [hole]] })).toEqual([]);
  });

  it.each<[string, Geometry | null, string[]]>([
    ["no geometry", null, ["empty"]],
    ["a polygon without rings", polygon(), ["empty"]],
    ["an empty multipolygon", { type: "MultiPolygon", coordinates: [] }, ["empty"]],
    ["a point", { type: "Point", coordinates: [147, -35] }, ["not-a-polygon"]],
    ["a line", { type: "LineString", coordinates: square }, ["not-a-polygon"]],
    [
      "text for a coordinate",
      polygon([
        [147, -35],
        ["x" as unknown as number, -35],
        [147, -34],
        [147, -35],
      ]),
      ["invalid-coordinates"],
    ],
    ["an unclosed ring", polygon(square.slice(0, 4)), ["unclosed-ring"]],
    ["a repeated point", polygon([square[0]!, square[1]!, square[1]!, ...square.slice(2)]), ["duplicate-points"]],
    [
      "an outline of two points",
      polygon([
        [147, -35],
        [147.01, -35],
        [147, -35],
      ]),
      ["too-few-points"],
    ],
    ["a bow tie", polygon(bowTie), ["self-intersection"]],
    ["an unclosed bow tie", polygon(bowTie.slice(0, 4)), ["unclosed-ring", "self-intersection"]],
    [
      "a hole crossing the outline",
      polygon(square, [
        [146.999, -34.995],
        [147.005, -34.995],
        [147.005, -34.994],
        [146.999, -34.995],
      ]),
      ["self-intersection"],
    ],
    [
      "a spike folding back on itself",
      polygon([
        [147, -35],
        [147.01, -35],
        [147.02, -35],
        [147.015, -35],
        [147.01, -34.99],
        [147, -35],
      ]),
      ["self-intersection"],
    ],
    [
      "a ring touching itself at a vertex",
      polygon([
        [0, 0],
        [4, 0],
        [4, 4],
        [2, 0],
        [0, 4],
        [0, 0],
      ]),
      ["self-intersection"],
    ],
  ])("reports %s", (_name, geometry, expected) => {
    expect(problems(geometry)).toEqual(expected);
  });

  it("says which problems can be repaired, in plain words", () => {
    expect(validateFeature(feature(polygon(bowTie)))).toEqual([{ problem: "self-intersection", message: "The boundary crosses itself (self-intersection).", repairable: true }]);
    expect(
      validateFeature(
        feature(
          polygon([
            [147, -35],
            [147.01, -35],
            [147, -35],
          ]),
        ),
      )[0]!.repairable,
    ).toBe(false);
    // A hole of two points is dropped; the outline is fine.
    expect(
      validateFeature(
        feature(
          polygon(square, [
            [147.002, -34.998],
            [147.003, -34.998],
            [147.002, -34.998],
          ]),
        ),
      ),
    ).toEqual([expect.objectContaining({ problem: "too-few-points", repairable: true })]);
  });

  it("checks a ring of 20,000 points quickly (a sweep, not every pair)", () => {
    const ring: Position[] = [];
    for (let i = 0; i < 20_000; i++) ring.push([147 + 0.01 * Math.cos((2 * Math.PI * i) / 20_000), -35 + 0.01 * Math.sin((2 * Math.PI * i) / 20_000)]);
    ring.push(ring[0]!);
    const started = performance.now();
    expect(selfIntersects([ring])).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
    const crossed = ring.slice();
    [crossed[100], crossed[10_100]] = [crossed[10_100]!, crossed[100]!];
    expect(selfIntersects([crossed])).toBe(true);
  });
});

describe("repair", () => {
  it("closes rings and drops repeated points and tiny holes", () => {
    const repaired = repair(
      feature(
        polygon(
          [square[0]!, square[1]!, square[1]!, square[2]!, square[3]!],
          [
            [147.002, -34.998],
            [147.003, -34.998],
            [147.002, -34.998],
          ],
        ),
      ),
    );
    expect(repaired.feature?.geometry).toEqual(polygon(square));
    expect(repaired.feature?.properties).toEqual({ lot: "1" });
    expect(repaired.issues.map((i) => i.problem)).toEqual(["unclosed-ring", "duplicate-points", "too-few-points"]);
    expect(validateFeature(repaired.feature!)).toEqual([]);
  });

  it("untangles a bow tie into its two triangles with polyclip-ts, keeping the area", () => {
    const repaired = repair(feature(polygon(bowTie)));
    expect(repaired.feature?.geometry?.type).toBe("MultiPolygon");
    expect(validateFeature(repaired.feature!)).toEqual([]);
    // Two triangles, each a quarter of the square.
    expect(polygonAreaM2(repaired.feature!.geometry)).toBeCloseTo(polygonAreaM2(polygon(square)) / 2, -2);
  });

  it("refuses what cannot be repaired and returns good shapes untouched", () => {
    expect(repair(feature(null))).toEqual({ feature: null, issues: [expect.objectContaining({ problem: "empty", repairable: false })] });
    expect(repair(feature({ type: "LineString", coordinates: square })).feature).toBeNull();
    const good = feature(polygon(square));
    expect(repair(good)).toEqual({ feature: good, issues: [] });
  });
});
