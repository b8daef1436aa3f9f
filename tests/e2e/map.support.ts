import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { parcelGrid, parcelInsertSql } from "../factories/parcels.mjs";

/** The app's embedded database (E2E_PORT + 50000; its password is made at first start and kept in the data folder). */
function databaseUrl() {
  const port = Number(process.env.E2E_PORT ?? 3917);
  const password = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "pg-password"), "utf8").trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port + 50000 > 65535 ? 55917 : port + 50000}/land_records`;
}

/** The easement's west and east edges: a strip across two columns of lots, half of each. */
const EASEMENT = [148.853, 148.855] as const;

/**
 * 24 lots of plan DP7777 near Molong in Western, linked in turn to its first five properties (the sixth
 * unlinked), and a pipeline easement across two columns of them with what each lot loses: written once
 * per data folder, for the map's browser test and the user guide's screenshot.
 */
export async function seedMapParcels() {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query("begin");
    await client.query("lock table parcel in exclusive mode");
    const { rows: project } = await client.query("select id from project where name = 'Western Pipeline Stage 2'");
    const projectId = project[0].id as number;
    const { rows: seeded } = await client.query("select 1 from parcel where project_id = $1 and lot_plan_key like '%/DP7777' limit 1", [projectId]);
    if (!seeded.length) {
      const properties = (await client.query("select id from property where project_id = $1 order by id limit 5", [projectId])).rows.map((r) => r.id as number);
      const lots = parcelGrid({ columns: 6, rows: 4, seed: 5, plan: "DP7777" });
      const links = lots.map((_, i) => (i === 5 ? null : (properties[i % properties.length] ?? null)));
      const { rows: parcels } = await client.query(parcelInsertSql(projectId, lots, links));
      const [west, east] = EASEMENT;
      const ring = [
        [west, -33.1205],
        [east, -33.1205],
        [east, -33.113],
        [west, -33.113],
        [west, -33.1205],
      ];
      const { rows: areas } = await client.query("insert into affected_area (project_id, name, kind, geometry) values ($1, 'Pipeline easement', 'polygon', $2::jsonb) returning id", [
        projectId,
        JSON.stringify({ type: "Polygon", coordinates: [ring] }),
      ]);
      // What each lot loses, as the share of its box's width inside the strip: close enough for the
      // screens (real figures come from the affected-area upload, docs/records.md#affected-areas).
      for (const [i, lot] of lots.entries()) {
        const share = Math.max(0, Math.min(lot.bbox[2], east) - Math.max(lot.bbox[0], west)) / (lot.bbox[2] - lot.bbox[0]);
        if (share <= 0) continue;
        await client.query("insert into parcel_affected_area (parcel_id, affected_area_id, project_id, area_m2, share) values ($1, $2, $3, $4, $5)", [
          parcels[i].id,
          areas[0].id,
          projectId,
          lot.areaM2 * share,
          share,
        ]);
        await client.query("update parcel set affected_m2 = $1 where id = $2", [lot.areaM2 * share, parcels[i].id]);
      }
    }
    await client.query("commit");
  } finally {
    await client.end();
  }
}
