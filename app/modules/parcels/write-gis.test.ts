import fs from "node:fs";
import path from "node:path";
import { GDAL_MISSING, HAS_GDAL, fixture, gdal, tempFolder } from "../../../tests/setup/gdal";
import { lotPlanKey, parseLotPlan } from "../duplicates/lot-plan";
import { polygonAreaM2 } from "./area";
import type { Feature } from "./geojson";
import { readGisFile } from "./read-gis";
import { toGeoJson, toKml } from "./write-gis";

async function parcels(): Promise<Feature[]> {
  const { features } = await readGisFile("parcels.geojson", fixture("parcels-gda2020.geojson"));
  // Attributes of every kind an export carries: text needing escapes, numbers, a flag, an empty value.
  return features.map((f, i) => ({
    ...f,
    properties: { ...f.properties, address: i === 0 ? `12 "Smith & Sons" <Rd>, Café` : null, area_ha: Math.round(polygonAreaM2(f.geometry)) / 10_000, rank: i + 1, affected: i % 2 === 0 },
  }));
}
const nameOf = (p: Record<string, unknown>) => {
  const parsed = parseLotPlan(String(p.lot), String(p.plan));
  return parsed ? lotPlanKey(parsed) : null;
};

describe("toGeoJson and toKml", () => {
  it("round-trip through our reader with the same shapes and attributes", async () => {
    const features = await parcels();
    const geojson = await readGisFile("out.geojson", new TextEncoder().encode(toGeoJson(features)));
    expect(geojson.crs?.code).toBe("EPSG:7844");
    expect(geojson.features.map((f) => f.properties)).toEqual(features.map((f) => f.properties));
    geojson.features.forEach((f, i) => expect(polygonAreaM2(f.geometry)).toBeCloseTo(polygonAreaM2(features[i]!.geometry), 0));

    const kml = await readGisFile("out.kml", new TextEncoder().encode(toKml(features, { nameOf })));
    expect(kml.features).toHaveLength(6);
    expect(kml.features[0]!.properties).toMatchObject({ name: "1/DP12345", lot: "1", address: `12 "Smith & Sons" <Rd>, Café` });
    expect(kml.features[1]!.properties).not.toHaveProperty("address");
    expect(kml.features[3]!.geometry?.type).toBe("MultiPolygon");
    kml.features.forEach((f, i) => expect(polygonAreaM2(f.geometry)).toBeCloseTo(polygonAreaM2(features[i]!.geometry), 0));
  });

  it("winds outer rings counter-clockwise and holes clockwise (RFC 7946)", async () => {
    const out = JSON.parse(toGeoJson(await parcels())) as { features: { geometry: { coordinates: number[][][] } }[] };
    const signed = (ring: number[][]) => ring.reduce((sum, p, i) => (i ? sum + (ring[i - 1]![0]! * p[1]! - p[0]! * ring[i - 1]![1]!) : sum), 0);
    const [outer, hole] = out.features[1]!.geometry.coordinates;
    expect(signed(outer!)).toBeGreaterThan(0);
    expect(signed(hole!)).toBeLessThan(0);
    expect(signed(out.features[0]!.geometry.coordinates[0]!)).toBeGreaterThan(0);
  });
});

describe.skipIf(!HAS_GDAL)(`GDAL opens both exports with the same features and fields (ogrinfo -al -so)${GDAL_MISSING}`, () => {
  it("GeoJSON and KML", async () => {
    const features = await parcels();
    const { dir, remove } = tempFolder();
    try {
      const files = { "parcels.geojson": toGeoJson(features, { name: "parcels" }), "parcels.kml": toKml(features, { name: "parcels", nameOf }) };
      for (const [name, content] of Object.entries(files)) {
        const file = path.join(dir, name);
        fs.writeFileSync(file, content);
        const summary = gdal("ogrinfo", ["-al", "-so", file]);
        expect(summary).toMatch(/Feature Count: 6\b/);
        const fields = [...summary.matchAll(/^(\w+): (\w+)/gm)].map((m) => [m[1], m[2]]);
        for (const field of ["lot", "plan", "title_ref", "address"]) expect(fields).toContainEqual([field, "String"]);
        expect(fields).toContainEqual(["area_ha", "Real"]);
        expect(fields).toContainEqual(["rank", "Integer"]);
        // Both in GDA2020 as GDAL reads them (KML is WGS84 by definition).
        expect(summary).toMatch(name.endsWith(".kml") ? /WGS 84/ : /GDA2020/);
        const all = gdal("ogrinfo", ["-al", "-q", file]);
        expect(all).toContain(`address (String) = 12 "Smith & Sons" <Rd>, Café`);
        expect(all.match(/MULTIPOLYGON/g)).toHaveLength(1);
      }
    } finally {
      remove();
    }
  });
});
