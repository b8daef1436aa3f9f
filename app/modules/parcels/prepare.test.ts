import { crsByCode, reprojectGeometry } from "./crs";
import type { Geometry, Polygon, Position } from "./geojson";
import { polygonAreaM2 } from "./area";
import { crsMismatch, matchParcel, parcelLotPlan, parcelMatchKey, prepareParcel, type CandidateProperty } from "./prepare";

const GDA2020 = crsByCode(7844)!;
const MGA56 = crsByCode(7856)!;
const WGS84 = crsByCode(4326)!;

const square: Position[] = [
  [151, -33],
  [151.01, -33],
  [151.01, -32.99],
  [151, -32.99],
  [151, -33],
];
const bowTie: Position[] = [
  [151, -33],
  [151.01, -32.99],
  [151.01, -33],
  [151, -32.99],
  [151, -33],
];
const polygon = (ring: Position[]): Polygon => ({ type: "Polygon", coordinates: [ring] });

describe("parcelLotPlan", () => {
  it.each<[Record<string, string>, string | null, string | null]>([
    [{ lot: "1", plan: "RP123456" }, "Lot 1 RP123456", "1/RP123456"],
    [{ lotPlan: "Lot 1 on RP123456" }, "Lot 1 on RP123456", "1/RP123456"],
    [{ lotPlan: "1RP123456" }, "1RP123456", "1/RP123456"],
    [{ lotPlan: "1//DP12345" }, "1//DP12345", "1/DP12345"],
    [{ lotPlan: "1\\PS400001" }, "1\\PS400001", "1/PS400001"],
    [{ lot: "1/DP12345" }, "1/DP12345", "1/DP12345"],
    [{ lot: "7", plan: "DP 12345", lotPlan: "Lot 7 DP12345" }, "Lot 7 DP12345", "7/DP12345"],
    [{ address: "12 Main Road" }, null, null],
    [{ lotPlan: "22 Lake Road" }, "22 Lake Road", null],
  ])("%j is written %j with key %j", (attributes, written, key) => {
    const read = parcelLotPlan(attributes);
    expect(read.written).toBe(written);
    expect(read.parsed?.key ?? null).toBe(key);
  });
});

describe("prepareParcel", () => {
  it("keeps a GDA2020 polygon, with its box and ellipsoidal area", () => {
    const prepared = prepareParcel(polygon(square), { lot: "1", plan: "DP12345" }, GDA2020, null);
    if (!prepared.ok) throw new Error(prepared.reason);
    expect(prepared.parcel.box).toEqual({ minX: 151, minY: -33, maxX: 151.01, maxY: -32.99 });
    expect(prepared.parcel.areaM2).toBeCloseTo(polygonAreaM2(polygon(square)), 3);
    expect(prepared.parcel).toMatchObject({ lotPlan: "Lot 1 DP12345", lotPlanKey: "1/DP12345", repaired: false });
  });

  it("converts MGA zone 56 to GDA2020 longitude/latitude and drops heights", () => {
    const inMga = reprojectGeometry(polygon(square.map(([x, y]) => [x!, y!, 12])), "EPSG:7844", "EPSG:7856");
    const prepared = prepareParcel(inMga, {}, MGA56, null);
    if (!prepared.ok) throw new Error(prepared.reason);
    const ring = (prepared.parcel.geometry as Polygon).coordinates[0]!;
    expect(ring[0]).toHaveLength(2);
    expect(ring[0]![0]).toBeCloseTo(151, 7);
    expect(ring[0]![1]).toBeCloseTo(-33, 7);
    expect(prepared.parcel.areaM2).toBeCloseTo(polygonAreaM2(polygon(square)), 0);
  });

  it("repairs a bow tie only with consent, and skips it otherwise", () => {
    const skipped = prepareParcel(polygon(bowTie), {}, WGS84, "skip");
    expect(skipped).toEqual({ ok: false, reason: "The boundary crosses itself (self-intersection). Skipped as chosen." });
    expect(prepareParcel(polygon(bowTie), {}, WGS84, null).ok).toBe(false);
    const repaired = prepareParcel(polygon(bowTie), {}, WGS84, "repair");
    if (!repaired.ok) throw new Error(repaired.reason);
    expect(repaired.parcel.repaired).toBe(true);
    expect(repaired.parcel.geometry.type).toBe("MultiPolygon");
    expect(repaired.parcel.areaM2).toBeCloseTo(polygonAreaM2(polygon(square)) / 2, -2);
  });

  it("closes an unclosed ring when repairing", () => {
    const repaired = prepareParcel(polygon(square.slice(0, 4)), {}, GDA2020, "repair");
    expect(repaired.ok && repaired.parcel.repaired).toBe(true);
  });

  it("skips what cannot be repaired, whatever the choice", () => {
    const line: Geometry = { type: "LineString", coordinates: square };
    expect(prepareParcel(line, {}, GDA2020, "repair")).toEqual({
      ok: false,
      reason: "The shape is not an area (a point or a line); a parcel needs a polygon. It cannot be repaired, so it was skipped.",
    });
    expect(prepareParcel(null, {}, GDA2020, "repair").ok).toBe(false);
  });

  it("skips a shape that lands outside Australia (a wrong coordinate system)", () => {
    const prepared = prepareParcel(polygon(square.map(([x, y]) => [x! - 150, y!])), {}, GDA2020, null);
    expect(prepared).toMatchObject({ ok: false, reason: expect.stringContaining("outside Australia") });
  });
});

describe("crsMismatch", () => {
  const metres = { minX: 330000, minY: 6250000, maxX: 340000, maxY: 6260000 };
  const degrees = { minX: 151, minY: -33, maxX: 151.1, maxY: -32.9 };
  it("accepts metres in an MGA zone and degrees in a geographic system", () => {
    expect(crsMismatch(MGA56, metres)).toBeNull();
    expect(crsMismatch(GDA2020, degrees)).toBeNull();
    expect(crsMismatch(GDA2020, null)).toBeNull();
  });
  it("refuses metres read as degrees, degrees read as metres, and numbers no MGA zone has", () => {
    expect(crsMismatch(GDA2020, metres)).toMatch(/in metres, not degrees/);
    expect(crsMismatch(MGA56, degrees)).toMatch(/in degrees, not metres/);
    expect(crsMismatch(MGA56, { ...metres, maxY: 20_000_000 })).toMatch(/not MGA eastings/);
  });
});

describe("matchParcel", () => {
  const property = (id: number, fields: Partial<CandidateProperty>): CandidateProperty => ({ id, lot: null, planNumber: null, lotPlanLine: null, ...fields });

  it("looks for the property key without register or section", () => {
    expect(parcelMatchKey("1/RP123456")).toBe("lp:1/123456");
    expect(parcelMatchKey("1/2/DP12345")).toBe("lp:1/12345");
    expect(parcelMatchKey(null)).toBeNull();
  });

  it.each([
    ["Queensland", "1/RP123456", property(1, { lotPlanLine: "Lot 1 on RP123456" })],
    ["Queensland, compact", "1/RP123456", property(1, { lotPlanLine: "1RP123456" })],
    ["NSW, fields", "1/DP12345", property(1, { lot: "1", planNumber: "DP 12345" })],
    ["NSW, empty section", "1/DP12345", property(1, { lotPlanLine: "1//DP12345" })],
    ["Victoria", "1/PS400001", property(1, { lotPlanLine: "Lot 1 on Plan of Subdivision 400001" })],
    ["a plan without its register", "3/DP12345", property(1, { lot: "3", planNumber: "12345" })],
  ])("matches %s", (_name, key, candidate) => {
    expect(matchParcel(key, [candidate])).toBe(1);
  });

  it("does not match another lot, register or section", () => {
    expect(matchParcel("1/DP12345", [property(1, { lotPlanLine: "2/DP12345" })])).toBeNull();
    expect(matchParcel("1/DP12345", [property(1, { lotPlanLine: "1/SP12345" })])).toBeNull();
    expect(matchParcel("1/2/DP12345", [property(1, { lotPlanLine: "1/3/DP12345" })])).toBeNull();
    expect(matchParcel(null, [property(1, { lotPlanLine: "1/DP12345" })])).toBeNull();
  });

  it("prefers the property written with the exact key, and leaves a tie unmatched", () => {
    expect(matchParcel("1/DP12345", [property(1, { lot: "1", planNumber: "12345" }), property(2, { lotPlanLine: "Lot 1 DP12345" })])).toBe(2);
    expect(matchParcel("1/DP12345", [property(1, { lotPlanLine: "1/DP12345" }), property(2, { lotPlanLine: "Lot 1 DP12345" })])).toBeNull();
  });
});
