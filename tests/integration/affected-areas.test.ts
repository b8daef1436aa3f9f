import fs from "node:fs";
import path from "node:path";
import * as XLSX from "xlsx";
import { Project, Property, Stakeholder } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import { withPgTransaction } from "../../db/sql.server";
import { accessFor } from "../factories/access";
import { fixtureParcels, insertParcels } from "../factories/affected-areas";
import { GDAL_MISSING, HAS_GDAL, fixturePath, gdal, tempFolder } from "../setup/gdal";
import { computeAffectedAreasForParcels } from "../../app/modules/affected-areas/affected-areas.server";
import { exportData } from "../../app/modules/export/excel-export.server";
import { templateMappings } from "../../app/modules/export/export-templates";
import * as listApi from "../../app/routes/api.affected-areas";
import * as itemApi from "../../app/routes/api.affected-areas.$id";
import * as page from "../../app/routes/affected-areas";
import * as propertiesPage from "../../app/routes/properties";
import * as stakeholdersPage from "../../app/routes/stakeholders";
import { call, formRequest, jsonRequest, multipartRequest, useUploadTestEnvironment } from "./support/uploads";

/**
 * Affected areas end to end (docs/records.md#affected-areas): uploads over /api and the page's form, each
 * parcel's loss against GDAL, refusals that write nothing, the figures on the property and stakeholder
 * details and in the property export, deletes, tenancy, and the import's hook for later parcels.
 */
const env = useUploadTestEnvironment("affected-areas");
const BASE = "http://localhost:3000";
const [lineFeature, easementFeature] = (JSON.parse(fs.readFileSync(fixturePath("corridor-gda2020.geojson"), "utf8")) as { features: { geometry: unknown }[] }).features;
const CRS = { type: "name", properties: { name: "urn:ogc:def:crs:EPSG::7844" } };
const geojson = (...geometries: unknown[]) =>
  Buffer.from(JSON.stringify({ type: "FeatureCollection", crs: CRS, features: geometries.map((geometry) => ({ type: "Feature", properties: {}, geometry })) }));
const WIDTH = 40;

let parcelIds: Map<string, number>;
let propertyA: number;
let propertyB: number;
let stakeholderId: number;
let coastal: number;
let easementId: number;
let lineId: number;

const sql = <T extends object>(text: string, params: unknown[] = []) => withRequestContext(() => db().getConnection().execute<T[]>(text, params));
const lossRows = () =>
  sql<{ parcel_id: number; affected_area_id: number; area_m2: number; share: number }>(
    "select parcel_id, affected_area_id, area_m2, share from parcel_affected_area order by parcel_id, affected_area_id",
  );
const snapshot = async () =>
  JSON.stringify([
    await sql("select id, name, kind from affected_area order by id"),
    await lossRows(),
    await sql("select id, affected_m2 from parcel order by id"),
    await sql("select count(*)::int as n from audit_log where action like 'affected_area.%'"),
  ]);

function upload(cookie: string, fields: [string, string][], file: { filename: string; body: Buffer } | null, projectId = env.westernId) {
  const request = multipartRequest(`${BASE}/api/affected-areas?projectId=${projectId}`, cookie, fields, file);
  return call(() => listApi.action({ request, params: {}, context: {} }) as Promise<Response>);
}

beforeAll(async () => {
  await withRequestContext(async () => {
    const western = await db().findOneOrFail(Project, { id: env.westernId });
    const properties = await db().find(Property, { project: western }, { orderBy: { id: "asc" }, limit: 2 });
    [propertyA, propertyB] = [properties[0]!.id, properties[1]!.id];
    stakeholderId = (await db().findOneOrFail(Stakeholder, { project: western }, { orderBy: { id: "asc" } })).id;
    coastal = (await db().findOneOrFail(Project, { name: "Coastal Road Upgrade" })).id;
    // Lots 1 and 2 are property A's, 3 and 4 property B's; 5 and 6 belong to no property.
    parcelIds = await insertParcels(env.westernId, fixtureParcels(), (lot) => (lot === "1" || lot === "2" ? propertyA : lot === "3" || lot === "4" ? propertyB : null));
    for (const property of [propertyA, propertyB]) {
      await db()
        .getConnection()
        .execute("insert into stakeholder_property (stakeholder_id, property_id, project_id) values (?, ?, ?) on conflict do nothing", [stakeholderId, property, env.westernId]);
    }
  });
});

describe("uploading affected areas", () => {
  it("stores an easement polygon and a centre line with its width, each with the parcels it reaches (GiST box prefilter, then the overlap)", async () => {
    const easement = await upload(env.cookies.officer!, [["name", "Access easement"]], { filename: "easement.geojson", body: geojson(easementFeature!.geometry) });
    expect(easement.status).toBe(201);
    const easementJson = await easement.json();
    easementId = easementJson.id;
    expect(easementJson).toMatchObject({ name: "Access easement", kind: "polygon", widthMetres: null });
    expect(easementJson.parcels.map((p: { parcelId: number }) => p.parcelId).sort()).toEqual([parcelIds.get("1"), parcelIds.get("3")].sort());

    const line = await upload(
      env.cookies.officer!,
      [
        ["name", "Pipeline corridor"],
        ["widthMetres", String(WIDTH)],
      ],
      { filename: "line.geojson", body: geojson(lineFeature!.geometry) },
    );
    expect(line.status).toBe(201);
    const lineJson = await line.json();
    lineId = lineJson.id;
    expect(lineJson).toMatchObject({ kind: "centre_line", widthMetres: WIDTH });
    expect(lineJson.parcels.map((p: { parcelId: number }) => p.parcelId).sort()).toEqual(["1", "2", "4"].map((lot) => parcelIds.get(lot)).sort());

    const list = await call(
      () => listApi.loader({ request: jsonRequest(`${BASE}/api/affected-areas?projectId=${env.westernId}`, env.cookies.viewer!, "GET"), params: {}, context: {} }) as Promise<Response>,
    );
    expect(list.status).toBe(200);
    expect(list.headers.get("X-Total-Count")).toBe("2");
    expect((await list.json()).map((a: { name: string; parcels: number }) => [a.name, a.parcels])).toEqual([
      ["Access easement", 2],
      ["Pipeline corridor", 3],
    ]);
  });

  it.skipIf(!HAS_GDAL)(`agrees with GDAL within 0.5 % for each parcel, each area and their union${GDAL_MISSING}`, async () => {
    const { dir, remove } = tempFolder();
    try {
      const file = path.join(dir, "both.geojson");
      const features = [
        ...fixtureParcels().map((p) => ({ ...p, properties: { kind: "parcel", lot: p.properties!.lot } })),
        { type: "Feature", properties: { kind: "line", lot: "line" }, geometry: lineFeature!.geometry },
        { type: "Feature", properties: { kind: "easement", lot: "easement" }, geometry: easementFeature!.geometry },
      ];
      fs.writeFileSync(file, JSON.stringify({ type: "FeatureCollection", crs: CRS, features }));
      const gdalAreas = (query: string) => {
        const rows = gdal("ogrinfo", ["-q", "-dialect", "SQLite", "-sql", query, file])
          .split("\n")
          .map((row) => /^\s+(\w+) \(\w+\) = (.*)$/.exec(row))
          .filter((m): m is RegExpExecArray => m !== null);
        const out = new Map<string, number>();
        for (let i = 0; i < rows.length; i += 2) out.set(rows[i]![2]!, Number(rows[i + 1]![2]));
        return out;
      };
      const buffer = `ST_Transform(ST_Buffer(ST_Transform(l.geometry, 7855), ${WIDTH / 2}), 7844)`;
      const underLine = gdalAreas(`SELECT p.lot, ST_Area(ST_Intersection(p.geometry, ${buffer}), 1) AS a FROM both p, both l WHERE p.kind = 'parcel' AND l.kind = 'line' AND p.lot IN ('1', '2', '4')`);
      const underEasement = gdalAreas(
        `SELECT p.lot, ST_Area(ST_Intersection(p.geometry, e.geometry), 1) AS a FROM both p, both e WHERE p.kind = 'parcel' AND e.kind = 'easement' AND p.lot IN ('1', '3')`,
      );
      const together = gdalAreas(
        `SELECT p.lot, ST_Area(ST_Intersection(p.geometry, ST_Union(${buffer}, e.geometry)), 1) AS a FROM both p, both l, both e WHERE p.kind = 'parcel' AND l.kind = 'line' AND e.kind = 'easement' AND p.lot IN ('1', '2', '3', '4')`,
      );
      const rows = await lossRows();
      const stored = (lot: string, area: number) => rows.find((r) => r.parcel_id === parcelIds.get(lot) && r.affected_area_id === area)!;
      const within = (ours: number, theirs: number) => expect(Math.abs(ours - theirs) / theirs).toBeLessThan(0.005);
      expect(underLine.size).toBe(3);
      for (const [lot, m2] of underLine) within(stored(lot, lineId).area_m2, m2);
      expect(underEasement.size).toBe(2);
      for (const [lot, m2] of underEasement) within(stored(lot, easementId).area_m2, m2);
      const totals = new Map((await sql<{ id: number; affected_m2: number }>("select id, affected_m2 from parcel")).map((p) => [p.id, p.affected_m2]));
      for (const [lot, m2] of together) within(totals.get(parcelIds.get(lot)!)!, m2);
      // Lot 1 is under both: its total is the union, less than the sum.
      expect(totals.get(parcelIds.get("1")!)!).toBeLessThan(stored("1", lineId).area_m2 + stored("1", easementId).area_m2);
    } finally {
      remove();
    }
  });

  it.each<[string, [string, string][], { filename: string; body: Buffer }, number, RegExp]>([
    ["a point", [["name", "Points"]], { filename: "p.geojson", body: geojson({ type: "Point", coordinates: [146.9, -35] }) }, 422, /not a polygon or a line/],
    ["a centre line without a width", [["name", "No width"]], { filename: "l.geojson", body: geojson(lineFeature!.geometry) }, 422, /width in metres/],
    ["a file that is not what its name says", [["name", "Renamed"]], { filename: "x.geojson", body: Buffer.from("%PDF-1.4 not json") }, 415, /not GeoJSON/],
    ["an unsupported type", [["name", "Word"]], { filename: "x.docx", body: Buffer.from("PK\u0003\u0004") }, 415, /GeoJSON/],
    ["a damaged zip", [["name", "Zip"]], { filename: "x.zip", body: Buffer.from("PK\u0003\u0004 damaged") }, 422, /not a readable zip/],
    [
      "metres without a coordinate system",
      [["name", "Metres"]],
      {
        filename: "m.geojson",
        body: Buffer.from(
          JSON.stringify({
            type: "FeatureCollection",
            features: [
              {
                type: "Feature",
                properties: {},
                geometry: {
                  type: "Polygon",
                  coordinates: [
                    [
                      [500000, 6100000],
                      [500100, 6100000],
                      [500100, 6100100],
                      [500000, 6100000],
                    ],
                  ],
                },
              },
            ],
          }),
        ),
      },
      422,
      /does not say which coordinate system/,
    ],
    [
      "a width of no metres",
      [
        ["name", "Zero"],
        ["widthMetres", "0"],
      ],
      { filename: "l.geojson", body: geojson(lineFeature!.geometry) },
      400,
      /more than 0 metres/,
    ],
    ["no name", [], { filename: "e.geojson", body: geojson(easementFeature!.geometry) }, 400, /Enter a name/],
  ])("refuses %s with the reason and writes nothing", async (_name, fields, file, status, message) => {
    const before = await snapshot();
    const response = await upload(env.cookies.officer!, fields, file);
    expect(response.status).toBe(status);
    expect((await response.json()).message).toMatch(message);
    expect(await snapshot()).toBe(before);
  });

  it("takes the page's form without JavaScript: a redirect with the message, or the form again with the error on its field", async () => {
    const ok = multipartRequest(`${BASE}/affected-areas?projectId=${env.westernId}`, env.cookies.officer!, [["name", "Page upload"]], {
      filename: "e.geojson",
      body: geojson(easementFeature!.geometry),
    });
    const response = await call(() => page.action({ request: ok, params: {}, context: {} }) as Promise<Response>);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/affected-areas");
    const [{ id }] = (await sql<{ id: number }>("select id from affected_area where name = 'Page upload'")) as [{ id: number }];

    const before = await snapshot();
    const bad = multipartRequest(`${BASE}/affected-areas?projectId=${env.westernId}`, env.cookies.officer!, [["name", "Bad"]], { filename: "l.geojson", body: geojson(lineFeature!.geometry) });
    const refused = await call(() => page.action({ request: bad, params: {}, context: {} }) as Promise<Response>);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ formId: "affected-area-upload", fieldErrors: { widthMetres: expect.stringMatching(/width in metres/) }, repopulateFields: { name: "Bad" } });
    expect(await snapshot()).toBe(before);

    const loaded = await call(
      () => page.loader({ request: jsonRequest(`${BASE}/affected-areas?projectId=${env.westernId}&delete=${id}`, env.cookies.project_manager!, "GET"), params: {}, context: {} }) as Promise<Response>,
    );
    const data = await loaded.json();
    expect(data.rows.map((r: { name: string }) => r.name)).toEqual(["Access easement", "Page upload", "Pipeline corridor"]);
    expect(data.confirmDelete).toMatchObject({ id, name: "Page upload", parcels: 2 });
    const deleted = await call(
      () =>
        page.action({
          request: formRequest(`${BASE}/affected-areas?projectId=${env.westernId}`, env.cookies.project_manager!, { intent: "delete", id: String(id) }),
          params: {},
          context: {},
        }) as Promise<Response>,
    );
    expect(deleted.status).toBe(302);
    expect(await sql("select id from affected_area where id = ?", [id])).toEqual([]);
  });
});

describe("the loss on the screens and in the export", () => {
  const parcelTotals = async (lots: string[]) => {
    const rows = await sql<{ id: number; area_m2: number; affected_m2: number }>("select id, area_m2, affected_m2 from parcel where id = any(?::int[])", [
      `{${lots.map((l) => parcelIds.get(l)).join(",")}}`,
    ]);
    return { area: rows.reduce((s, r) => s + r.area_m2, 0), affected: rows.reduce((s, r) => s + r.affected_m2, 0) };
  };

  it("shows each parcel, each area and the total on the property's details", async () => {
    const response = await call(
      () =>
        propertiesPage.loader({
          request: jsonRequest(`${BASE}/properties?projectId=${env.westernId}&highlight=${propertyA}`, env.cookies.viewer!, "GET"),
          params: {},
          context: {},
        }) as Promise<Response>,
    );
    const { losses } = await response.json();
    const { area, affected } = await parcelTotals(["1", "2"]);
    expect(affected).toBeGreaterThan(10_000);
    expect(losses.total.affectedM2).toBeCloseTo(affected, 6);
    expect(losses.total.share).toBeCloseTo(affected / area, 9);
    expect(losses.parcels).toHaveLength(2);
    const lot1 = losses.parcels.find((p: { id: number }) => p.id === parcelIds.get("1"));
    expect(lot1.byArea.map((a: { name: string }) => a.name)).toEqual(["Access easement", "Pipeline corridor"]);
    expect(losses.byArea.map((a: { name: string }) => a.name)).toEqual(["Access easement", "Pipeline corridor"]);
  });

  it("writes Affected area (ha) and (%) in the standard property export", async () => {
    const { area, affected } = await parcelTotals(["3", "4"]);
    const text = await withRequestContext(async () => {
      const access = await accessFor("seed-viewer", "Western Pipeline Stage 2");
      const file = await exportData(access, { exportType: "properties", mode: "standard", mappings: templateMappings("properties", "standard"), format: "csv" });
      return new Response(file.body).text();
    });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(text, { type: "string", raw: true }).Sheets.Sheet1!, { header: 1, raw: true });
    const header = rows[0] as string[];
    const [ha, percent] = [header.indexOf("Affected area (ha)"), header.indexOf("Affected area (%)")];
    expect([ha, percent]).toEqual([9, 10]);
    const [address, addressA] = await withRequestContext(async () => [
      (await db().findOneOrFail(Property, { id: propertyB })).address,
      (await db().findOneOrFail(Property, { id: propertyA })).address,
    ]);
    const row = rows.find((r) => (r as string[])[0] === address) as string[];
    expect(Number(row[ha])).toBeCloseTo(affected / 10_000, 4);
    expect(Number(row[percent])).toBeCloseTo((100 * affected) / area, 2);
    // A property without parcels has empty cells, not zeros.
    const other = rows.find((r, i) => i > 0 && ![address, addressA, "", undefined].includes((r as string[])[0])) as string[];
    expect([other[ha] ?? "", other[percent] ?? ""]).toEqual(["", ""]);
  });

  it("totals a landholder's loss over their properties' parcels on the stakeholder's details", async () => {
    const response = await call(
      () =>
        stakeholdersPage.loader({
          request: jsonRequest(`${BASE}/stakeholders?projectId=${env.westernId}&highlight=${stakeholderId}`, env.cookies.viewer!, "GET"),
          params: {},
          context: {},
        }) as Promise<Response>,
    );
    const { losses } = await response.json();
    const { area, affected } = await parcelTotals(["1", "2", "3", "4"]);
    expect(losses).toMatchObject({ properties: 2, parcels: 4 });
    expect(losses.affectedM2).toBeCloseTo(affected, 6);
    expect(losses.areaM2).toBeCloseTo(area, 6);
    expect(losses.share).toBeCloseTo(affected / area, 9);
  });
});

describe("access and tenancy", () => {
  const get = (cookie: string, id: number, projectId: number) =>
    call(() => itemApi.loader({ request: jsonRequest(`${BASE}/api/affected-areas/${id}?projectId=${projectId}`, cookie, "GET"), params: { id: String(id) }, context: {} }) as Promise<Response>);
  const del = (cookie: string, id: number, projectId = env.westernId) =>
    call(() => itemApi.action({ request: jsonRequest(`${BASE}/api/affected-areas/${id}?projectId=${projectId}`, cookie, "DELETE"), params: { id: String(id) }, context: {} }) as Promise<Response>);

  it("answers another client's id with 404 and a project the user is not a member of with 403, and lets a viewer upload nothing and an officer delete nothing", async () => {
    expect((await get(env.cookies.second_owner!, easementId, coastal)).status).toBe(404);
    expect((await get(env.cookies.officer!, easementId, env.northernId)).status).toBe(403);
    expect((await get(env.cookies.viewer!, easementId, env.westernId)).status).toBe(200);
    const before = await snapshot();
    expect((await upload(env.cookies.viewer!, [["name", "Viewer"]], { filename: "e.geojson", body: geojson(easementFeature!.geometry) })).status).toBe(403);
    expect((await upload(env.cookies.second_owner!, [["name", "Other"]], { filename: "e.geojson", body: geojson(easementFeature!.geometry) })).status).toBe(404);
    expect((await del(env.cookies.officer!, easementId)).status).toBe(403);
    expect((await del(env.cookies.second_owner!, easementId, coastal)).status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it("deletes an area and works its parcels out again from the areas left", async () => {
    const lineOnLot1 = (await lossRows()).find((r) => r.parcel_id === parcelIds.get("1") && r.affected_area_id === lineId)!.area_m2;
    const response = await del(env.cookies.project_manager!, easementId);
    expect(response.status).toBe(200);
    expect((await lossRows()).filter((r) => r.affected_area_id === easementId)).toEqual([]);
    const [lot1, lot3] = await Promise.all(["1", "3"].map(async (lot) => (await sql<{ affected_m2: number }>("select affected_m2 from parcel where id = ?", [parcelIds.get(lot)]))[0]!.affected_m2));
    expect(lot1).toBeCloseTo(lineOnLot1, 6);
    expect(lot3).toBe(0);
  });
});

describe("computeAffectedAreasForParcels (the parcel import's hook)", () => {
  it("gives parcels written later their rows, on the ORM's transaction or a raw pg client's", async () => {
    const lot1 = (await lossRows()).find((r) => r.parcel_id === parcelIds.get("1") && r.affected_area_id === lineId)!;
    const copies = await withRequestContext(() =>
      insertParcels(
        env.westernId,
        fixtureParcels().filter((p) => p.properties!.lot === "1"),
      ),
    );
    const ormCopy = copies.get("1")!;
    await withRequestContext(() => db().transactional(() => computeAffectedAreasForParcels(null, env.westernId, [ormCopy])));
    const rawCopy = (
      await withRequestContext(() =>
        insertParcels(
          env.westernId,
          fixtureParcels().filter((p) => p.properties!.lot === "1"),
        ),
      )
    ).get("1")!;
    const touched = await withRequestContext(() => withPgTransaction((client) => computeAffectedAreasForParcels(client, env.westernId, [rawCopy])));
    expect(touched).toBe(1);
    for (const copy of [ormCopy, rawCopy]) {
      const rows = (await lossRows()).filter((r) => r.parcel_id === copy);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.area_m2).toBeCloseTo(lot1.area_m2, 6);
      expect(rows[0]!.share).toBeCloseTo(lot1.share, 9);
    }
  });
});
