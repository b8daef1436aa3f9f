import fs from "node:fs";
import { getOrm, withRequestContext } from "../../db/orm";
import { accessFor } from "../factories/access";
import { parseUpload } from "../../app/modules/import/staging.server";
import { startImport, undoImport, waitForImport } from "../../app/modules/import/imports.server";
import { importJobSettings, IMPORT_QUEUE } from "../../app/modules/import/import-job.server";
import { resolveParcels } from "../../app/modules/import/parcel-review.server";
import { loadMappingPage } from "../../app/modules/import/import-page.server";
import { loadParcelReviewPage } from "../../app/modules/import/parcel-review-page.server";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { reprojectGeometry } from "../../app/modules/parcels/crs";
import { polygonAreaM2 } from "../../app/modules/parcels/area";
import type { Polygon, Position } from "../../app/modules/parcels/geojson";
import type { ProjectAccess } from "../../app/modules/access/project-access.server";
import { AppError } from "../../app/utils/app-error";
import { multipartRequest, useUploadTestEnvironment } from "./support/uploads";

/** The Parcels import type end to end against a real PostgreSQL (docs/import.md#parcels): each format, matching, repair or skip, refusals, review, undo. */
const env = useUploadTestEnvironment("parcel-import");
const BASE = "http://localhost:3000";
const WESTERN = "Western Pipeline Stage 2";
const COASTAL = "Coastal Road Upgrade";
const access = (userId = "seed-officer", project = WESTERN) => withRequestContext(() => accessFor(userId, project, "viewData"));
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;

beforeAll(async () => {
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: true, pollingIntervalSeconds: 0.5, queueOverrides: { [IMPORT_QUEUE]: { retryDelay: 3 } } });
});
afterAll(async () => {
  await stopJobs(2000);
});
afterEach(() => {
  importJobSettings.readBatch = 500;
});

async function refusal(fn: () => Promise<unknown>) {
  try {
    await withRequestContext(fn);
  } catch (error) {
    if (error instanceof AppError) return error as AppError & { fieldErrors?: Record<string, string> };
    throw error;
  }
  throw new Error("expected a refusal");
}

async function stage(a: ProjectAccess, filename: string, body: Buffer) {
  const request = multipartRequest(`${BASE}/import?projectId=${a.project.id}`, env.cookies.officer ?? "", [["importType", "parcels"]], { filename, body, type: "application/octet-stream" });
  const { result } = await withRequestContext(() => parseUpload(a, request));
  return result;
}

async function importParcels(a: ProjectAccess, filename: string, body: Buffer, mapping: Record<string, string>, choices: { crs?: string; invalidShapes?: string } = {}) {
  const staged = await stage(a, filename, body);
  const { importId } = await withRequestContext(() => startImport(a, { dataKey: staged.dataKey!, importType: "parcels", mapping, ...choices }));
  const view = await withRequestContext(() => waitForImport(a, importId, 30_000));
  return { importId, view, staged };
}

const square = (x: number, y: number, d = 0.002): Position[] => [
  [x, y],
  [x + d, y],
  [x + d, y + d],
  [x, y + d],
  [x, y],
];
const bowTie = (x: number, y: number, d = 0.002): Position[] => [
  [x, y],
  [x + d, y + d],
  [x + d, y],
  [x, y + d],
  [x, y],
];

/** As QGIS exports a layer in GDA2020 / MGA zone 56 (RFC7946=NO): a crs member and eastings/northings. */
function qgisGeoJson(features: { props: Record<string, string>; ring: Position[] }[]) {
  return Buffer.from(
    JSON.stringify({
      type: "FeatureCollection",
      name: "cadastre",
      crs: { type: "name", properties: { name: "urn:ogc:def:crs:EPSG::7856" } },
      features: features.map((f) => ({ type: "Feature", properties: f.props, geometry: reprojectGeometry({ type: "Polygon", coordinates: [f.ring] } as Polygon, "EPSG:7844", "EPSG:7856") })),
    }),
  );
}

const FEATURES = [
  { props: { lot_plan: "Lot 1 on RP123456", addr: "1 Queen St" }, ring: square(151.0, -33.0) },
  { props: { lot_plan: "1//DP12345", addr: "2 George St" }, ring: square(151.01, -33.0) },
  { props: { lot_plan: "1\\PS400001", addr: "3 Collins St" }, ring: square(151.02, -33.0) },
  { props: { lot_plan: "Lot 9 DP99999", addr: "9 Nowhere Rd" }, ring: square(151.03, -33.0) },
  { props: { lot_plan: "Lot 5 DP55555", addr: "5 Tangle Rd" }, ring: bowTie(151.04, -33.0) },
];
const MAPPING = { lot_plan: "lotPlan", addr: "address" };

async function seedProperties(projectId: number) {
  // Written as title searches write them, each another state's form: the job matches them by key.
  for (const [address, line] of [
    ["Queensland block", "1RP123456"],
    ["NSW block", "Lot 1 DP 12345"],
    ["Victorian block", "Lot 1 on Plan of Subdivision 400001"],
  ]) {
    await sql(`insert into property (project_id, address, lot_plan_line) values (?, ?, ?)`, [projectId, `${address} ${Date.now()}`, line]);
  }
}

describe("parcel import", () => {
  it("imports QGIS GeoJSON in MGA zone 56, matches QLD/NSW/VIC lot/plan forms, repairs with consent, and undoes", async () => {
    const officer = await access();
    await seedProperties(officer.project.id);
    const body = qgisGeoJson(FEATURES);
    // Invalid shapes need a choice.
    const staged = await stage(officer, "cadastre.geojson", body);
    expect(staged.fileType).toBe("gis");
    expect(staged.totalRows).toBe(5);
    const unchosen = await refusal(() => startImport(officer, { dataKey: staged.dataKey!, importType: "parcels", mapping: MAPPING }));
    expect(unchosen.fieldErrors).toEqual({ invalidShapes: "Choose whether to repair the invalid shapes or skip them" });
    // Degrees chosen for metres are refused.
    expect((await refusal(() => startImport(officer, { dataKey: staged.dataKey!, importType: "parcels", mapping: MAPPING, crs: "EPSG:7844", invalidShapes: "repair" }))).fieldErrors?.crs).toMatch(
      /metres, not degrees/,
    );

    const { importId, view } = await importParcels(officer, "cadastre.geojson", body, MAPPING, { invalidShapes: "repair" });
    expect(view.status).toBe("completed");
    expect(view.counts).toMatchObject({ imported: 5, parcelsMatched: 3, parcelsUnmatched: 2, shapesRepaired: 1, skipped: 0 });
    const parcels = await sql<{
      lot_plan_key: string;
      property_id: number | null;
      area_m2: number;
      min_lng: number;
      min_lat: number;
      max_lng: number;
      max_lat: number;
      source_crs: string;
      geometry: Polygon;
    }>(`select lot_plan_key, property_id, area_m2, min_lng, min_lat, max_lng, max_lat, source_crs, geometry from parcel where import_id = ? order by id`, [importId]);
    expect(parcels.map((p) => p.lot_plan_key)).toEqual(["1/RP123456", "1/DP12345", "1/PS400001", "9/DP99999", "5/DP55555"]);
    expect(parcels.slice(0, 3).every((p) => p.property_id !== null)).toBe(true);
    expect(parcels[0]!.source_crs).toBe("EPSG:7856");
    // Back in GDA2020 to the millimetre, boxed, and measured on the ellipsoid.
    expect(parcels[0]!.min_lng).toBeCloseTo(151.0, 7);
    expect(parcels[0]!.min_lat).toBeCloseTo(-33.0, 7);
    expect(parcels[0]!.max_lng).toBeCloseTo(151.002, 7);
    expect(parcels[0]!.max_lat).toBeCloseTo(-32.998, 7);
    expect(parcels[0]!.area_m2).toBeCloseTo(polygonAreaM2({ type: "Polygon", coordinates: [square(151.0, -33.0)] }), 0);
    expect(parcels[4]!.geometry.type).toBe("MultiPolygon");

    // The review: one unmatched parcel becomes a property; then Undo removes parcels and that property.
    const [unmatched] = await sql<{ id: number }>(`select id from parcel where import_id = ? and property_id is null order by id limit 1`, [importId]);
    expect(await withRequestContext(() => resolveParcels(officer, importId, [{ parcelId: unmatched!.id, action: "create" }]))).toEqual({ created: 1, linked: 0, left: 0 });
    const [made] = await sql<{ address: string; lot: string; plan_number: string; import_id: number }>(
      `select p.address, p.lot, p.plan_number, p.import_id from property p join parcel pa on pa.property_id = p.id where pa.id = ?`,
      [unmatched!.id],
    );
    expect(made).toMatchObject({ address: "9 Nowhere Rd", lot: "9", plan_number: "DP99999", import_id: importId });
    const secondOwner = await access("seed-second-owner", COASTAL);
    expect((await refusal(() => resolveParcels(secondOwner, importId, [{ parcelId: unmatched!.id, action: "create" }]))).status).toBe(404);
    const director = await access("seed-director");
    await withRequestContext(() => undoImport(director, importId));
    expect(await sql(`select id from parcel where import_id = ?`, [importId])).toEqual([]);
    expect(await sql(`select id from property where import_id = ?`, [importId])).toEqual([]);
  });

  it("skips invalid shapes when asked, listing each by row", async () => {
    const officer = await access();
    const { view } = await importParcels(officer, "cadastre.geojson", qgisGeoJson(FEATURES), MAPPING, { invalidShapes: "skip" });
    expect(view.counts).toMatchObject({ imported: 4, skipped: 1, shapesRepaired: 0 });
    expect(view.skippedRows).toEqual([{ rowNumber: 5, column: "Shape", value: "", reason: "The boundary crosses itself (self-intersection). Skipped as chosen." }]);
  });

  it("imports a zipped shapefile with its .prj (GDA94 / MGA zone 55) and KML", async () => {
    const officer = await access();
    const zip = await importParcels(officer, "parcels.zip", fs.readFileSync("tests/fixtures/gis/parcels-gda94-mga55.zip"), {
      lot: "lot",
      plan: "plan",
      address: "address",
      title_ref: "titleReference",
    });
    expect(zip.view.counts).toMatchObject({ imported: 4, skipped: 0 });
    const shp = await sql<{ lot_plan_key: string; address: string; source_crs: string; min_lng: number }>(
      `select lot_plan_key, address, source_crs, min_lng from parcel where import_id = ? order by id`,
      [zip.importId],
    );
    expect(shp[0]).toMatchObject({ lot_plan_key: "1/DP12345", address: "12 Café Road, Buangor", source_crs: "EPSG:28355" });
    expect(shp[0]!.min_lng).toBeGreaterThan(146.8);
    const kml = await importParcels(officer, "parcels.kml", fs.readFileSync("tests/fixtures/gis/parcels.kml"), { lot: "lot", plan: "plan" });
    expect(kml.view.counts).toMatchObject({ imported: 4 });
    const [first] = await sql<{ source_crs: string; lot_plan_key: string }>(`select source_crs, lot_plan_key from parcel where import_id = ? order by id limit 1`, [kml.importId]);
    expect(first).toEqual({ source_crs: "EPSG:4326", lot_plan_key: "1/DP12345" });
  });

  it("the mapping step asks for the coordinate system a shapefile without .prj leaves out; the review step searches properties to link", async () => {
    const officer = await access();
    const staged = await stage(officer, "noprj.zip", fs.readFileSync("tests/fixtures/gis/shapefile-without-prj.zip"));
    const page = await withRequestContext(() => loadMappingPage(officer, new URL(`${BASE}/import/mapping?data=${staged.dataKey}&type=parcels`)));
    expect(page.gis).toMatchObject({ format: "shapefile", crs: null, invalidRows: 0 });
    expect(page.gis!.crsChoices).toHaveLength(19);
    expect(page.columns.find((c) => c.name === "lot")?.target).toBe("lot");
    const missing = await refusal(() => startImport(officer, { dataKey: staged.dataKey!, importType: "parcels", mapping: {} }));
    expect(missing.fieldErrors).toEqual({ crs: "Choose the coordinate system the file is in" });
    const { importId, view } = await importParcels(officer, "noprj.zip", fs.readFileSync("tests/fixtures/gis/shapefile-without-prj.zip"), { lot: "lot", plan: "plan" }, { crs: "EPSG:28355" });
    expect(view.counts.imported).toBe(4);
    const [parcel] = await sql<{ id: number }>(`select id from parcel where import_id = ? and property_id is null order by id limit 1`, [importId]);
    await sql(`insert into property (project_id, address, lot_plan_line) values (?, 'Linkable Farm Road', 'Lot 77 DP7777')`, [officer.project.id]);
    const review = await withRequestContext(() => loadParcelReviewPage(officer, String(importId), new URL(`${BASE}/import/${importId}/parcels?link=${parcel!.id}&q=Linkable`)));
    expect(review.counts.matched + review.counts.unmatched).toBe(4);
    expect(review.linking?.choices.map((c) => c.address)).toEqual(["Linkable Farm Road"]);
    const propertyId = review.linking!.choices[0]!.id;
    expect(await withRequestContext(() => resolveParcels(officer, importId, [{ parcelId: parcel!.id, action: "link", propertyId }]))).toEqual({ created: 0, linked: 1, left: 0 });
  });

  it("measures the project's affected areas over the parcels it imports, in the import's transaction", async () => {
    const officer = await access();
    // A corridor over where the KML's parcels lie (imported by an earlier test), a little larger all round.
    const [extent] = await sql<{ w: number; s: number; e: number; n: number }>(
      `select min(min_lng) as w, min(min_lat) as s, max(max_lng) as e, max(max_lat) as n from parcel where project_id = ? and source_crs = 'EPSG:4326'`,
      [officer.project.id],
    );
    const [w, s, e, n] = [extent!.w - 0.001, extent!.s - 0.001, extent!.e + 0.001, extent!.n + 0.001];
    const [area] = await sql<{ id: number }>(`insert into affected_area (project_id, name, kind, geometry) values (?, 'Whole-lot easement', 'polygon', ?::jsonb) returning id`, [
      officer.project.id,
      JSON.stringify({
        type: "Polygon",
        coordinates: [
          [
            [w, s],
            [e, s],
            [e, n],
            [w, n],
            [w, s],
          ],
        ],
      }),
    ]);
    try {
      const kml = await importParcels(officer, "parcels.kml", fs.readFileSync("tests/fixtures/gis/parcels.kml"), { lot: "lot", plan: "plan" });
      const parcels = await sql<{ area_m2: number; affected_m2: number; parts: number }>(
        `select p.area_m2, p.affected_m2, (select count(*)::int from parcel_affected_area x where x.parcel_id = p.id and x.affected_area_id = ?) as parts
           from parcel p where p.import_id = ? order by p.id`,
        [area!.id, kml.importId],
      );
      expect(parcels).toHaveLength(4);
      for (const parcel of parcels) {
        expect(parcel.parts).toBe(1);
        // Each lot lies wholly inside the corridor: it loses all of its area.
        expect(Math.abs(parcel.affected_m2 - parcel.area_m2) / parcel.area_m2).toBeLessThan(0.001);
      }
    } finally {
      await sql(`delete from affected_area where id = ?`, [area!.id]);
    }
  });

  it("refuses a bad file with its reason and writes nothing; another client's project is 404", async () => {
    const officer = await access();
    const before = await sql<{ n: number }>(`select count(*)::int as n from import_workbook`);
    const bad = await refusal(() => stage(officer, "parcels.zip", fs.readFileSync("tests/fixtures/gis/zip-without-shp.zip")));
    expect(bad.status).toBe(422);
    expect(bad.message).toMatch(/no \.shp file/);
    const csv = await refusal(() => stage(officer, "people.csv", Buffer.from("Name\nAda\n")));
    expect(csv.message).toMatch(/GeoJSON/);
    expect(await sql<{ n: number }>(`select count(*)::int as n from import_workbook`)).toEqual(before);
    const staged = await stage(officer, "cadastre.geojson", qgisGeoJson(FEATURES.slice(0, 1)));
    const secondOwner = await access("seed-second-owner", COASTAL);
    expect((await refusal(() => startImport(secondOwner, { dataKey: staged.dataKey!, importType: "parcels", mapping: MAPPING }))).status).toBe(404);
    const viewer = await access("seed-viewer");
    expect((await refusal(() => startImport(viewer, { dataKey: staged.dataKey!, importType: "parcels", mapping: MAPPING }))).status).toBe(403);
  });
});
