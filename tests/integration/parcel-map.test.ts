import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { sqlExecute, sqlRows } from "../../db/sql.server";
import { addDays, todayForProject } from "../../app/modules/calendar/today";
import { ParcelMap } from "../../app/components/parcels/ParcelMap";
import { parcelsSql } from "../../app/modules/parcels/parcel-read.server";
import type { MapPageData } from "../../app/modules/parcels/map-page.server";
import * as pageRoute from "../../app/routes/map";
import * as apiRoute from "../../app/routes/api.parcels";
import * as exportRoute from "../../app/routes/api.parcels.export";
import { Project } from "../../db/entities/index";
import { db } from "../../db/orm";
import { useTestDatabase } from "../setup/test-database";
import { GDAL_MISSING, HAS_GDAL, gdal, tempFolder } from "../setup/gdal";
import { parcelGrid, parcelInsertSql } from "../factories/parcels.mjs";
import { callRoute, inContext, projectId, signedInRequest } from "./stakeholder-helpers";

/**
 * /map, GET /api/parcels and the GIS export (docs/records.md#the-map, #parcels-over-api) on parcels
 * written straight into the table: six lots near Molong in Western (four properties with each LAA
 * status, one unlinked, one more of the first property's), an easement across lot 1 taking 10 %, and one
 * lot of another client's project at the same place, which must never appear.
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let coastal: number;
let northern: number;
let properties: number[] = [];
let otherClientProperty = 0;
let parcelIds: number[] = [];
const LOTS = parcelGrid({ columns: 3, rows: 2, seed: 7 });
const WEST_COLUMN = `${LOTS[0]!.bbox[0] - 0.0001},${LOTS[0]!.bbox[1] - 0.0001},${LOTS[0]!.bbox[2] - 0.0005},${LOTS[3]!.bbox[3] + 0.0001}`;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
  coastal = await projectId("Coastal Road Upgrade");
  northern = await projectId("Northern Transmission Line");
  await inContext(async () => {
    const project = await db().findOneOrFail(Project, { id: western });
    const today = todayForProject(project);
    const rows = await sqlRows<{ id: number }>("select id from property where project_id = ? order by id limit 4", [western]);
    properties = rows.map((r) => r.id);
    // Active (a year left), Expiring soon (10 days), Expired (5 days ago), No LAA.
    const laa: [boolean, string | null][] = [
      [true, addDays(today, 365)],
      [true, addDays(today, 10)],
      [true, addDays(today, -5)],
      [false, null],
    ];
    for (const [i, [has, expiry]] of laa.entries()) {
      await sqlExecute("update property set has_laa = ?, laa_expiry_date = ?, address = ?, proprietors = ?::jsonb where id = ?", [
        has,
        expiry,
        `${i + 1} Boree Lane, Molong NSW 2866`,
        JSON.stringify([`Owner ${i + 1}`, `Partner ${i + 1}`]),
        properties[i],
      ]);
    }
    const inserted = await sqlRows<{ id: number }>(parcelInsertSql(western, LOTS, [properties[0], properties[1], properties[2], properties[3], null, properties[0]]));
    parcelIds = inserted.map((r) => r.id);
    const [area] = await sqlRows<{ id: number }>(`insert into affected_area (project_id, name, kind, geometry) values (?, 'Pipeline easement', 'polygon', ?::jsonb) returning id`, [
      western,
      JSON.stringify({
        type: "Polygon",
        coordinates: [
          [
            [148.8505, -33.1205],
            [148.8525, -33.1205],
            [148.8525, -33.117],
            [148.8505, -33.117],
            [148.8505, -33.1205],
          ],
        ],
      }),
    ]);
    await sqlExecute("insert into parcel_affected_area (parcel_id, affected_area_id, project_id, area_m2, share) values (?, ?, ?, ?, ?)", [
      parcelIds[0],
      area!.id,
      western,
      LOTS[0]!.areaM2 * 0.1,
      0.1,
    ]);
    // The parcel's total (the union of its areas' parts), as the upload keeps it.
    await sqlExecute("update parcel set affected_m2 = ? where id = ?", [LOTS[0]!.areaM2 * 0.1, parcelIds[0]]);
    const [coastalProperty] = await sqlRows<{ id: number }>("select id from property where project_id = ? order by id limit 1", [coastal]);
    otherClientProperty = coastalProperty!.id;
    await sqlRows(parcelInsertSql(coastal, parcelGrid({ columns: 1, rows: 1, seed: 7, plan: "DP999" }), [otherClientProperty]));
  });
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
const get = async (loader: Loader, pathname: string, user = "seed-viewer", headers: Record<string, string> = {}) =>
  callRoute(async () => loader({ request: await signedInRequest(user, pathname, { headers }), params: {}, context: {} }));

async function mapData(query: string): Promise<MapPageData & { map: NonNullable<MapPageData["map"]> }> {
  const response = await get(pageRoute.loader as Loader, `/map?projectId=${western}${query}`);
  expect(response.status).toBe(200);
  return response.json();
}

describe("/map", () => {
  it("draws each parcel as a link to its property, named by address, lot/plan, status and affected area", async () => {
    const data = await mapData("");
    const { parcels } = data.map;
    expect(parcels.map((p) => p.id).sort()).toEqual([...parcelIds].sort());
    const byId = new Map(parcels.map((p) => [p.id, p]));
    expect(byId.get(parcelIds[0]!)).toMatchObject({
      href: `/properties?highlight=${properties[0]}`,
      fill: "active",
      label: "1 Boree Lane, Molong NSW 2866, Lot 1 DP7500, LAA Active, affected 0.00 ha (10.0%)".replace("0.00", ((LOTS[0]!.areaM2 * 0.1) / 10_000).toFixed(2)),
    });
    expect(byId.get(parcelIds[1]!)).toMatchObject({ fill: "expiring_soon", label: expect.stringContaining("LAA Expiring soon") });
    expect(byId.get(parcelIds[2]!)).toMatchObject({ fill: "expired", label: expect.stringContaining("LAA Expired") });
    expect(byId.get(parcelIds[3]!)).toMatchObject({ fill: "none", label: expect.stringContaining("LAA No LAA") });
    expect(byId.get(parcelIds[4]!)).toMatchObject({ href: null, fill: "unlinked", label: "105 Boree Lane, Molong NSW 2866, Lot 5 DP7500, not linked to a property" });
    for (const p of parcels) expect(p.d).toMatch(/^(M-?\d+ -?\d+(l[-\d ]+|h2v2h-2)z)+$/);
    expect(data.map.areas).toEqual([expect.objectContaining({ name: "Pipeline easement", d: expect.stringMatching(/^M/) })]);
    expect(data.map.tiles).toEqual([]);

    // The same parcels in the table, with the affected area in words.
    expect(data.table!.rows).toHaveLength(6);
    expect(data.table!.rows[0]).toMatchObject({ address: "1 Boree Lane, Molong NSW 2866", fill: "active", affected: expect.stringMatching(/ ha \(10\.0%\)$/) });
    expect(data.table!.rows.find((r) => r.id === parcelIds[4])).toMatchObject({ propertyId: null, fill: "unlinked", affected: null });

    // Zoom and pan are links with a bbox; the exports are plain links to the /api route.
    for (const link of ["zoomIn", "zoomOut", "north", "south", "east", "west"] as const) expect(data.map.links[link]).toMatch(/^\/map\?bbox=-?[\d.]+,-?[\d.]+,-?[\d.]+,-?[\d.]+$/);
    expect(data.exportLinks).toEqual({ geojson: `/api/parcels/export?projectId=${western}&format=geojson`, kml: `/api/parcels/export?projectId=${western}&format=kml` });

    // As markup: a real <a href> per linked parcel with its accessible name, a plain path for the unlinked one.
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(ParcelMap, { ...data.map, links: data.map.links })));
    expect(html).toContain(`<a href="/properties?highlight=${properties[0]}" aria-label="1 Boree Lane, Molong NSW 2866, Lot 1 DP7500, LAA Active, affected`);
    expect(html.match(/<a href=/g)).toHaveLength(5);
    expect(html).toContain('class="parcel parcel--unlinked"><title>105 Boree Lane');
    expect(html).toContain('<pattern id="fill-expiring_soon"');
  });

  it("a bbox narrows the view to the parcels it overlaps; a zoom link is half the view", async () => {
    const data = await mapData(`&bbox=${WEST_COLUMN}`);
    const ids = data.map.parcels.map((p) => p.id);
    expect(ids).toContain(parcelIds[0]);
    expect(ids).not.toContain(parcelIds[2]);
    const outer = (await mapData("")).map.links.zoomOut;
    const inner = (await mapData(`&${outer.split("?")[1]!}`)).map.parcels;
    expect(inner).toHaveLength(6);
    const refused = await get(pageRoute.loader as Loader, `/map?projectId=${western}&bbox=1,2,3`);
    expect(refused.status).toBe(400);
  });

  it("Show on map: ?property= opens around that property's parcels and outlines them; another client's property is 404", async () => {
    const data = await mapData(`&property=${properties[1]}`);
    expect(data.property).toMatchObject({ id: properties[1], onMap: true });
    expect(data.map.parcels.filter((p) => p.highlighted).map((p) => p.id)).toEqual([parcelIds[1]]);
    expect(data.map.links.zoomIn).toContain(`&property=${properties[1]}`);
    expect((await get(pageRoute.loader as Loader, `/map?projectId=${western}&property=${otherClientProperty}`)).status).toBe(404);
  });

  it("another client's project is 404 and a project the user is not a member of 403", async () => {
    expect((await get(pageRoute.loader as Loader, `/map?projectId=${coastal}`, "seed-officer")).status).toBe(404);
    expect((await get(pageRoute.loader as Loader, `/map?projectId=${northern}`, "seed-officer")).status).toBe(403);
  });

  it("picks a view's parcels through the GiST index on their boxes", async () => {
    // Six rows are cheaper to scan than to look up, so the scan is switched off to show what the planner can use for a real project.
    const rows = await inContext(() =>
      db().transactional(async () => {
        await sqlExecute("set local enable_seqscan = off");
        return sqlRows<{ "QUERY PLAN": string }>(`explain ${parcelsSql({ bbox: true })}`, [western, 148.85, -33.12, 148.852, -33.118]);
      }),
    );
    expect(rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("parcel_bbox_index");
  });
});

describe("GET /api/parcels", () => {
  it("lists the project's parcels a page at a time, in the api-list shape, with GDA2020 geometry", async () => {
    const response = await get(apiRoute.loader as Loader, `/api/parcels?projectId=${western}&limit=4`);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("6");
    expect(response.headers.get("Link")).toContain("offset=4");
    const body = await response.json();
    expect(body).toHaveLength(4);
    expect(body[0]).toMatchObject({
      id: parcelIds[0],
      propertyId: properties[0],
      address: "1 Boree Lane, Molong NSW 2866",
      lotPlan: "Lot 1 DP7500",
      lotPlanKey: "1/DP7500",
      laaStatus: "active",
      owners: ["Owner 1", "Partner 1"],
      affected: { percent: 10 },
      geometry: { type: "Polygon" },
    });
    expect(body[0].bbox).toEqual(LOTS[0]!.bbox);
    const west = await (await get(apiRoute.loader as Loader, `/api/parcels?projectId=${western}&bbox=${WEST_COLUMN}`)).json();
    expect(west.map((p: { id: number }) => p.id)).not.toContain(parcelIds[2]);
  });

  it("refuses a bad bbox (400), another client's project (404) and a non-member (403)", async () => {
    const bad = await get(apiRoute.loader as Loader, `/api/parcels?projectId=${western}&bbox=10,10,5,5`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: expect.stringContaining("bbox must be") });
    expect((await get(apiRoute.loader as Loader, `/api/parcels?projectId=${coastal}`, "seed-officer")).status).toBe(404);
    expect((await get(apiRoute.loader as Loader, `/api/parcels?projectId=${northern}`, "seed-officer")).status).toBe(403);
    expect((await get(exportRoute.loader as Loader, `/api/parcels/export?projectId=${coastal}&format=kml`, "seed-officer")).status).toBe(404);
    expect((await get(exportRoute.loader as Loader, `/api/parcels/export?projectId=${western}&format=shp`)).status).toBe(400);
  });
});

describe.skipIf(!HAS_GDAL)(`GET /api/parcels/export: GDAL reads both files with every parcel and attribute${GDAL_MISSING}`, () => {
  it("GeoJSON and KML", async () => {
    const { dir, remove } = tempFolder();
    try {
      for (const format of ["geojson", "kml"] as const) {
        const response = await get(exportRoute.loader as Loader, `/api/parcels/export?projectId=${western}&format=${format}`);
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Disposition")).toMatch(new RegExp(`attachment; filename="parcels_Western_Pipeline_Stage_2\\.${format}"`));
        const file = path.join(dir, `parcels.${format}`);
        fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
        const summary = gdal("ogrinfo", ["-al", "-so", file]);
        expect(summary).toMatch(/Feature Count: 6\b/);
        expect(summary).toMatch(format === "kml" ? /WGS 84/ : /GDA2020/);
        const fields = Object.fromEntries([...summary.matchAll(/^(\w+): (\w+)/gm)].map((m) => [m[1], m[2]]));
        expect(fields).toMatchObject({ parcel_id: "Integer", address: "String", lot_plan: "String", laa_status: "String", owners: "String", area_m2: "Real" });
        expect(["Integer", "Integer64"]).toContain(fields.property_id);
        // Numbers, typed by GDAL from the values (10 % and 0 % read as whole numbers).
        for (const field of ["affect_m2", "affect_ha", "affect_pct"]) expect(["Real", "Integer"], field).toContain(fields[field]);
        const all = gdal("ogrinfo", ["-al", "-q", file]);
        expect(all).toContain("address (String) = 1 Boree Lane, Molong NSW 2866");
        expect(all).toContain("laa_status (String) = Expiring soon");
        expect(all).toContain("laa_status (String) = Not linked");
        expect(all).toContain("owners (String) = Owner 1; Partner 1");
        expect(all).toMatch(/affect_pct \((Real|Integer)\) = 10\b/);
        expect(all).not.toContain("DP999");
      }
    } finally {
      remove();
    }
  });
});
