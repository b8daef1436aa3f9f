import fs from "node:fs";
import { GDAL_MISSING, HAS_GDAL, fixturePath, gdal } from "../../../tests/setup/gdal";
import { CRS_CHOICES, crsByCode, crsFromGeoJson, crsFromWkt, looksProjected, mgaZoneOf, reprojectGeometry, toGda2020 } from "./crs";
import type { Feature, Point } from "./geojson";

const prj = (name: string) => fs.readFileSync(fixturePath(`prj/${name}`), "utf8");

describe("crsFromWkt", () => {
  it.each([
    ["gda94-mga55.esri.prj", "EPSG:28355"],
    ["gda2020-mga56.esri.prj", "EPSG:7856"],
    ["gda2020-mga50.ogc.prj", "EPSG:7850"],
    ["gda94-mga49.wkt2.prj", "EPSG:28349"],
    ["gda94.esri.prj", "EPSG:4283"],
    ["gda2020.esri.prj", "EPSG:7844"],
    ["wgs84.esri.prj", "EPSG:4326"],
  ])("reads %s as %s", (file, code) => {
    expect(crsFromWkt(prj(file))?.code).toBe(code);
  });

  it("is null for a projection or datum outside the list", () => {
    expect(crsFromWkt(prj("gda94-albers.esri.prj"))).toBeNull();
    expect(crsFromWkt(prj("wgs84-utm55s.esri.prj"))).toBeNull();
    expect(crsFromWkt('GEOGCS["GCS_AGD_1966",DATUM["D_Australian_1966"]]')).toBeNull();
    expect(crsFromWkt("")).toBeNull();
  });

  it("finds the zone from the central meridian when the name does not say it", () => {
    const wkt = prj("gda94-mga55.esri.prj").replace("GDA_1994_MGA_Zone_55", "My_Grid");
    expect(crsFromWkt(wkt)).toMatchObject({ code: "EPSG:28355", zone: 55, datum: "GDA94" });
  });
});

describe("crsFromGeoJson and codes", () => {
  it.each([
    [{ type: "name", properties: { name: "urn:ogc:def:crs:EPSG::28355" } }, "EPSG:28355"],
    [{ type: "name", properties: { name: "EPSG:7844" } }, "EPSG:7844"],
    [{ type: "name", properties: { name: "urn:ogc:def:crs:OGC:1.3:CRS84" } }, "EPSG:4326"],
    [{ type: "EPSG", properties: { code: 4283 } }, "EPSG:4283"],
    [{ type: "name", properties: { name: "urn:ogc:def:crs:EPSG::7856" } }, "EPSG:7856"],
  ])("reads %j", (crs, code) => {
    expect(crsFromGeoJson(crs)?.code).toBe(code);
  });

  it("is null when absent or unknown", () => {
    expect(crsFromGeoJson(undefined)).toBeNull();
    expect(crsFromGeoJson({ type: "name", properties: { name: "EPSG:3577" } })).toBeNull();
    expect(crsFromGeoJson({ type: "name", properties: { name: "local grid" } })).toBeNull();
  });

  it("offers the three geographic systems and both datums' eight MGA zones", () => {
    expect(CRS_CHOICES).toHaveLength(19);
    expect(crsByCode(7849)).toMatchObject({ label: "GDA2020 / MGA zone 49", zone: 49, datum: "GDA2020" });
    expect(crsByCode("EPSG:28356")).toMatchObject({ label: "GDA94 / MGA zone 56", zone: 56, datum: "GDA94" });
    expect(mgaZoneOf(147)).toBe(55);
    expect(mgaZoneOf(115.9)).toBe(50);
    expect(mgaZoneOf(-70)).toBeNull();
  });

  it("tells metres from degrees", () => {
    expect(looksProjected([{ type: "Point", coordinates: [500000, 6126956] }])).toBe(true);
    expect(looksProjected([null, { type: "Point", coordinates: [147, -35] }])).toBe(false);
  });
});

describe("toGda2020", () => {
  const point = (x: number, y: number): Feature<Point> => ({ type: "Feature", geometry: { type: "Point", coordinates: [x, y] }, properties: { lot: "1" } });

  it("moves GDA94 by the ~1.8 m Helmert shift and leaves GDA2020 and the input alone", () => {
    const input = [point(147, -35)];
    const [moved] = toGda2020(input, crsByCode(4283)!);
    const [x, y] = moved!.geometry.coordinates;
    // ~0.54 m east, ~1.45 m north at this spot: one metre of latitude is ~9e-6 degrees.
    expect(x! - 147).toBeGreaterThan(5e-6);
    expect(y! + 35).toBeGreaterThan(1.2e-5);
    expect(input[0]!.geometry.coordinates).toEqual([147, -35]);
    expect(toGda2020(input, crsByCode(7844)!)[0]!.geometry.coordinates).toEqual([147, -35]);
    expect(moved!.properties).toEqual({ lot: "1" });
  });

  it("unprojects MGA coordinates", () => {
    const [back] = toGda2020([point(500000, 6126956.935571456)], crsByCode(7855)!);
    expect(back!.geometry.coordinates[0]).toBeCloseTo(147, 8);
    expect(back!.geometry.coordinates[1]).toBeCloseTo(-35, 8);
  });

  describe.skipIf(!HAS_GDAL)(`agrees with GDAL/PROJ (EPSG:8048 and the MGA grids) to the millimetre${GDAL_MISSING}`, () => {
    const cases: [string, string, [number, number]][] = [
      ["EPSG:4283", "EPSG:7844", [147.123, -35.456]],
      ["EPSG:4283", "EPSG:7844", [115.86, -31.95]],
      ["EPSG:28355", "EPSG:7844", [650123.4, 6070456.7]],
      ["EPSG:28356", "EPSG:7844", [334567.8, 6251234.5]],
      ["EPSG:7850", "EPSG:7844", [391234.5, 6464567.8]],
      ["EPSG:7844", "EPSG:7855", [146.5, -36.2]],
      ["EPSG:28349", "EPSG:7844", [500000, 7500000]],
    ];
    it.each(cases)("%s → %s at %j", (from, to, [x, y]) => {
      const ours = reprojectGeometry({ type: "Point", coordinates: [x, y] }, from, to).coordinates;
      // gdaltransform reads and writes longitude first.
      const out = gdal("gdaltransform", ["-s_srs", from, "-t_srs", to, "-output_xy"], `${x} ${y}\n`);
      const [gx, gy] = out.trim().split(/\s+/).map(Number);
      const toMetres = to === "EPSG:7844" ? 111_000 : 1;
      expect(Math.abs(ours[0]! - gx!) * toMetres).toBeLessThan(0.005);
      expect(Math.abs(ours[1]! - gy!) * toMetres).toBeLessThan(0.005);
    });
  });
});
