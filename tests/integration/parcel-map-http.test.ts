import fs from "node:fs";
import http from "node:http";
import { inject } from "vitest";
import { signIn, startApp } from "../../bench/lib.mjs";
import { adminQuery, withDatabase } from "../setup/pg-admin";
import { parcelGrid, parcelInsertSql } from "../factories/parcels.mjs";
import { freePort } from "./support/ports";

/**
 * /map over HTTP from the built app, as a browser without JavaScript gets it (docs/records.md#the-map):
 * 2,000 parcels in one view within the page budget (≤ 150 KB compressed, measured on the wire), the
 * background tiles of MAP_TILE_URL as plain <image> elements and exactly that origin in the CSP's
 * img-src, and no tiles when the browser sends `Save-Data: on`.
 */
const TILE_URL = "https://tile.example.org/{z}/{x}/{y}.png";
const PARCELS = { columns: 50, rows: 40 };
const BUDGET_BYTES = 150 * 1024;

const adminUrl = inject("pgAdminUrl");
const database = `lr_parcel_map_${Date.now()}_${process.pid}`;
const databaseUrl = withDatabase(adminUrl, database);
let app: Awaited<ReturnType<typeof startApp>>;
let projectId = 0;
let cookie = "";

beforeAll(async () => {
  if (!fs.existsSync("build/index.js")) throw new Error("Build the app first: npm run build");
  await adminQuery(adminUrl, `create database "${database}" template "${inject("pgTemplateDatabase")}"`);
  const port = await freePort();
  app = await startApp({
    port,
    env: {
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: "true",
      EMBEDDED_PG_PORT: String(port + 1),
      SESSION_SECRET: "parcel-map-test-secret-0123456789abcdef",
      JOB_WORKERS: "false",
      MAP_TILE_URL: TILE_URL,
    },
  });
  app.child?.stdout?.resume();
  const [project] = await adminQuery<{ id: number }>(databaseUrl, `select id from project where name = 'Western Pipeline Stage 2'`);
  projectId = project!.id;
  const properties = (await adminQuery<{ id: number }>(databaseUrl, `select id from property where project_id = ${projectId} order by id`)).map((r) => r.id);
  const lots = parcelGrid({ ...PARCELS, seed: 3 });
  // Most lots belong to a property (the demo's, in turn); every tenth is unlinked.
  await adminQuery(
    databaseUrl,
    parcelInsertSql(
      projectId,
      lots,
      lots.map((_, i) => (i % 10 === 9 ? null : properties[i % properties.length]!)),
    ),
  );
  cookie = await signIn(app.baseUrl, "officer@demo-consultancy.local", "demo-pass-2026");
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await adminQuery(adminUrl, `drop database if exists "${database}" with (force)`);
}, 90_000);

/** One GET as the wire carries it: status, headers and the body's bytes as sent (still compressed). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${app.baseUrl}${path}`, { headers: { cookie, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

const page = (headers: Record<string, string> = {}) => rawGet(`/map?projectId=${projectId}`, { "accept-encoding": "identity", ...headers });

describe("/map from the built app", () => {
  it("draws the 2,000 parcels of the view as links with names, the legend, the zoom and pan links and a page of the table", async () => {
    const response = await page();
    expect(response.status).toBe(200);
    const html = response.body.toString("utf8");
    expect(html).toContain("<title>Map");
    const links = [...html.matchAll(/<a href="\/properties\?highlight=(\d+)" aria-label="([^"]+)"><path d="[^"]+" class="parcel parcel--(\w+)/g)];
    expect(links).toHaveLength(1_800);
    expect(links[0]![2]).toMatch(/^.+, Lot \d+ DP7500, LAA (Active|Expiring soon|Expired|No LAA)$/);
    expect(html.match(/<path d="[^"]+" class="parcel parcel--unlinked"><title>/g)).toHaveLength(200);
    expect(html).toMatch(/Parcels in this view \((<!-- -->)?2,000(<!-- -->)?\)/);
    for (const name of ["Zoom in", "Zoom out", "Pan north", "Pan south", "Pan west", "Pan east"]) expect(html).toMatch(new RegExp(`<a [^>]*href="/map\\?bbox=[-\\d.,]+"[^>]*>${name}</a>`));
    expect(html).toMatch(/<ul class="map-legend" aria-label="Legend">/);
    expect(html.match(/<tr class="rt-TableRow"><th scope="row"/g)).toHaveLength(50);
    expect(html).toContain(`href="/api/parcels/export?projectId=${projectId}&amp;format=geojson"`);
  });

  it("tiles from MAP_TILE_URL as <image> elements, that origin alone added to img-src; none with Save-Data: on", async () => {
    const response = await page();
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/img-src 'self' data: https:\/\/tile\.example\.org(;|$)/);
    const html = response.body.toString("utf8");
    const tiles = [...html.matchAll(/<image href="https:\/\/tile\.example\.org\/(\d+)\/(\d+)\/(\d+)\.png"/g)];
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(30);
    const saving = (await page({ "save-data": "on" })).body.toString("utf8");
    expect(saving).not.toContain("<image");
    expect(saving).toContain('class="parcel parcel--');
  });

  it("a view of 2,000 parcels is at most 150 KB compressed (brotli and gzip, as browsers ask)", async () => {
    const sizes: Record<string, number> = {};
    for (const encoding of ["br", "gzip"]) {
      const response = await rawGet(`/map?projectId=${projectId}`, { "accept-encoding": encoding });
      expect(response.headers["content-encoding"]).toBe(encoding);
      sizes[encoding] = response.body.byteLength;
    }
    const identity = (await page()).body.byteLength;
    console.log(`/map with 2,000 parcels: ${(identity / 1024).toFixed(1)} KB raw, ${(sizes.br! / 1024).toFixed(1)} KB brotli, ${(sizes.gzip! / 1024).toFixed(1)} KB gzip`);
    expect(sizes.br).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(sizes.gzip).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
