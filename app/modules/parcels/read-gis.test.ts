import fs from "node:fs";
import JSZip from "jszip";
import { fixture, fixturePath } from "../../../tests/setup/gdal";
import { crsByCode, toGda2020 } from "./crs";
import { polygonsOf, type Feature } from "./geojson";
import { dbfEncoding, readGisFile } from "./read-gis";

const text = (value: string) => new TextEncoder().encode(value);
const original = JSON.parse(fs.readFileSync(fixturePath("parcels-gda2020.geojson"), "utf8")) as { features: Feature[] };
const originalOf = (lot: string) => original.features.find((f) => f.properties!.lot === lot)!;

/** How far in degrees (0.00001° ≈ 1 m) a vertex of `a` is from the nearest of `b`'s, at most (rings may be turned round). */
function maxShift(a: Feature, b: Feature): number {
  const [pa, pb] = [polygonsOf(a.geometry).flat(2), polygonsOf(b.geometry).flat(2)];
  expect(pa.length).toBe(pb.length);
  return Math.max(...pa.map((p) => Math.min(...pb.map((q) => Math.max(Math.abs(p[0]! - q[0]!), Math.abs(p[1]! - q[1]!))))));
}

async function refusal(name: string, bytes: Uint8Array, limits = {}) {
  try {
    await readGisFile(name, bytes, { limits });
  } catch (error) {
    return { status: (error as { status: number }).status, message: (error as Error).message };
  }
  throw new Error("expected a refusal");
}

describe("readGisFile: GeoJSON", () => {
  it("reads features and the crs member (GDA2020)", async () => {
    const file = await readGisFile("parcels.geojson", fixture("parcels-gda2020.geojson"));
    expect(file.crs?.code).toBe("EPSG:7844");
    expect(file.features).toHaveLength(6);
    expect(file.features[0]!.properties).toEqual({ lot: "1", plan: "DP12345", title_ref: "1234/56" });
    expect(file.problems).toEqual([]);
  });

  it("reads MGA coordinates (GDA94 zone 55, as GDAL wrote them) and converts them back within a centimetre", async () => {
    const file = await readGisFile("parcels.geojson", fixture("parcels-gda94-mga55.geojson"));
    expect(file.crs?.code).toBe("EPSG:28355");
    const converted = toGda2020(file.features, file.crs!);
    for (const feature of converted) expect(maxShift(feature, originalOf(feature.properties!.lot as string))).toBeLessThan(1e-7);
    expect(converted[0]!.properties!.address).toBe("12 Café Road, Buangor");
  });

  it("suggests WGS84 for degrees without a crs (RFC 7946), and asks for metres without one", async () => {
    const degrees = await readGisFile("a.json", text(JSON.stringify({ type: "FeatureCollection", features: original.features })));
    expect(degrees.crs).toBeNull();
    expect(degrees.suggestedCrs?.code).toBe("EPSG:4326");
    expect(degrees.problems).toEqual([expect.objectContaining({ problem: "no-crs", message: expect.stringContaining("choose it on the mapping step") })]);
    const metres = JSON.parse(fs.readFileSync(fixturePath("parcels-gda94-mga55.geojson"), "utf8"));
    delete metres.crs;
    const projected = await readGisFile("a.geojson", text(JSON.stringify(metres)));
    expect(projected.suggestedCrs).toBeNull();
    // The mapping step's choice wins.
    const chosen = await readGisFile("a.geojson", text(JSON.stringify(metres)), { crs: "EPSG:28355" });
    expect(chosen.crs?.code).toBe("EPSG:28355");
    expect(chosen.problems).toEqual([]);
  });

  it("reports a named but unknown crs, and each bad shape by row", async () => {
    const file = await readGisFile(
      "a.geojson",
      text(
        JSON.stringify({
          type: "FeatureCollection",
          crs: { type: "name", properties: { name: "EPSG:3577" } },
          features: [
            originalOf("1"),
            { type: "Feature", geometry: null, properties: { lot: "9" } },
            {
              type: "Feature",
              geometry: {
                type: "Polygon",
                coordinates: [
                  [
                    [147, -35],
                    [147.01, -34.99],
                    [147.01, -35],
                    [147, -34.99],
                  ],
                ],
              },
              properties: {},
            },
          ],
        }),
      ),
    );
    expect(file.crs).toBeNull();
    expect(file.problems.map((p) => [p.row, p.problem])).toEqual([
      [undefined, "unknown-crs"],
      [undefined, "no-crs"],
      [2, "empty"],
      [3, "unclosed-ring"],
      [3, "self-intersection"],
    ]);
    expect(file.problems[0]!.message).toContain("EPSG:3577");
  });

  it("takes a single Feature or a bare geometry", async () => {
    expect((await readGisFile("a.geojson", text(JSON.stringify(originalOf("2"))))).features).toHaveLength(1);
    expect((await readGisFile("a.geojson", text(JSON.stringify(originalOf("2").geometry)))).features[0]!.properties).toEqual({});
  });
});

describe("readGisFile: zipped shapefile", () => {
  it("reads geometry, .dbf attributes in the .cpg's encoding and the .prj's system", async () => {
    const file = await readGisFile("Parcels.ZIP", fixture("parcels-gda94-mga55.zip"));
    expect(file.crs).toEqual(crsByCode(28355));
    expect(file.features).toHaveLength(4);
    expect(file.features.map((f) => f.properties!.address)).toEqual(["12 Café Road, Buangor", "Lot 2 Western Hwy", "Ōtaki Lane", null]);
    expect(file.features[3]!.geometry?.type).toBe("MultiPolygon");
    // The shapefile's rings come clockwise (the reverse of the GeoJSON's), closed: no shape problems.
    expect(file.problems).toEqual([]);
    for (const feature of toGda2020(file.features, file.crs!)) expect(maxShift(feature, originalOf(feature.properties!.lot as string))).toBeLessThan(1e-7);
  });

  it("asks for the system when the .prj is missing", async () => {
    const file = await readGisFile("parcels.zip", fixture("shapefile-without-prj.zip"));
    expect(file.crs).toBeNull();
    expect(file.features).toHaveLength(4);
    expect(file.problems.map((p) => p.problem)).toEqual(["no-crs"]);
  });

  it.each([
    ["zip-without-shp.zip", 422, "The zip has no .shp file"],
    ["shapefile-truncated.zip", 422, "damaged or cut short"],
  ])("refuses %s in plain words", async (name, status, words) => {
    const refused = await refusal(name, fixture(name));
    expect(refused.status).toBe(status);
    expect(refused.message).toContain(words);
  });

  it("refuses a zip that is not one, one without its .dbf, two shapefiles, and too many shapes", async () => {
    expect(await refusal("a.zip", text("PK not really"))).toMatchObject({ status: 422, message: expect.stringContaining("not a readable zip") });
    const source = await JSZip.loadAsync(fixture("parcels-gda94-mga55.zip"));
    const without = await source.remove("parcels.dbf").generateAsync({ type: "uint8array" });
    expect((await refusal("a.zip", without)).message).toContain("no parcels.dbf");
    const two = await (await JSZip.loadAsync(fixture("parcels-gda94-mga55.zip"))).file("other.shp", "x").generateAsync({ type: "uint8array" });
    expect((await refusal("a.zip", two)).message).toContain("2 shapefiles");
    expect(await refusal("a.zip", fixture("parcels-gda94-mga55.zip"), { maxFeatures: 3 })).toMatchObject({ status: 413, message: expect.stringContaining("more than 3 shapes") });
  });

  it("refuses a zip that inflates past the cap", async () => {
    const bomb = await new JSZip().file("big.shp", new Uint8Array(2_000_000)).generateAsync({ type: "uint8array", compression: "DEFLATE" });
    expect(await refusal("a.zip", bomb, { maxInflatedBytes: 1_000_000 })).toMatchObject({ status: 413, message: expect.stringContaining("expands to more than") });
  });

  it("reads the .cpg's names for encodings", () => {
    expect(dbfEncoding(null)).toBe("windows-1252");
    expect(dbfEncoding("UTF-8\r\n")).toBe("utf-8");
    expect(dbfEncoding("65001")).toBe("utf-8");
    expect(dbfEncoding("1252")).toBe("windows-1252");
    expect(dbfEncoding("88591")).toBe("iso-8859-1");
    expect(dbfEncoding("ISO-8859-1")).toBe("windows-1252"); // the WHATWG label: 8859-1 is decoded as 1252
    expect(dbfEncoding("nonsense")).toBe("windows-1252");
  });
});

describe("readGisFile: KML and KMZ", () => {
  it("reads placemarks with their ExtendedData as WGS84", async () => {
    const file = await readGisFile("parcels.kml", fixture("parcels.kml"));
    expect(file.crs?.code).toBe("EPSG:4326");
    expect(file.features).toHaveLength(4);
    expect(file.features[0]!.properties).toMatchObject({ lot: "1", plan: "DP12345", title_ref: "1234/56", address: "12 Café Road, Buangor" });
    for (const feature of file.features) expect(maxShift(feature, originalOf(feature.properties!.lot as string))).toBeLessThan(1e-9);
    // KML's MultiGeometry of two polygons is one MultiPolygon parcel.
    expect(file.features[3]!.geometry?.type).toBe("MultiPolygon");
    expect(file.problems).toEqual([]);
  });

  it("reads a KMZ", async () => {
    const kmz = await new JSZip().file("doc.kml", fixture("parcels.kml")).generateAsync({ type: "uint8array" });
    expect((await readGisFile("parcels.kmz", kmz)).features).toHaveLength(4);
    const empty = await new JSZip().file("readme.txt", "x").generateAsync({ type: "uint8array" });
    expect((await refusal("parcels.kmz", empty)).message).toContain("no .kml file");
  });

  it("refuses what is not KML, or is cut short", async () => {
    expect(await refusal("a.kml", text("hello"))).toMatchObject({ status: 422, message: expect.stringContaining("not KML") });
    expect(await refusal("a.kml", text("<gpx></gpx>"))).toMatchObject({ message: expect.stringContaining("not KML") });
    const kml = new TextDecoder().decode(fixture("parcels.kml"));
    expect(await refusal("a.kml", text(kml.slice(0, kml.length / 2)))).toMatchObject({ status: 422, message: expect.stringContaining("not well-formed") });
  });
});

describe("readGisFile: refusals", () => {
  it.each([
    ["parcels.csv", "lot,plan", 415, "GeoJSON (.geojson, .json), a zipped shapefile (.zip) or KML"],
    ["parcels.geojson", "{ not json", 422, "not valid JSON"],
    ["parcels.json", '{"type":"Topology"}', 422, "not GeoJSON"],
    ["parcels.json", '{"type":"FeatureCollection","features":[{"type":"Point"}]}', 422, "Row 1 of the GeoJSON is not a Feature"],
  ])("%s (%s)", async (name, body, status, words) => {
    const refused = await refusal(name, text(body));
    expect(refused.status).toBe(status);
    expect(refused.message).toContain(words);
  });

  it("refuses files past the size limit and text that is not UTF-8", async () => {
    expect(await refusal("a.geojson", new Uint8Array(11), { maxFileBytes: 10 })).toMatchObject({ status: 413 });
    expect(await refusal("a.geojson", new Uint8Array([0x7b, 0xff, 0x7d]))).toMatchObject({ status: 422, message: expect.stringContaining("not UTF-8") });
  });

  it("refuses a chosen system it does not know", async () => {
    await expect(readGisFile("a.geojson", fixture("parcels-gda2020.geojson"), { crs: "EPSG:3577" })).rejects.toThrow(/not a coordinate system/);
  });
});
