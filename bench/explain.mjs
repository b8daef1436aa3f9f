/**
 * EXPLAIN ANALYZE of the Stakeholder Property Groups queries on "Benchmark Project" (bench/seed-large.mjs):
 * the page of groups with counts (plain and searched) and the total, the first three properties of that page's 24
 * stakeholders, and the details view's property list. Prints each plan's execution time and the plan.
 *
 *   npm run build && node bench/explain.mjs     (starts the app on an empty data folder and seeds it)
 *   DATABASE_URL=postgresql://… node bench/explain.mjs   (an existing database; seeds it if needed)
 *
 * The SQL mirrors app/modules/property-groups/groups.server.ts; keep the two in step.
 */
import { pathToFileURL } from "node:url";
import pg from "pg";
import { startApp } from "./lib.mjs";
import { BENCH_PROJECT, COMMON_SURNAME, databaseUrl, seedLarge } from "./seed-large.mjs";

const CONTACT = `s.email, s.email2, s.email3, s.phone, s.phone2, s.phone3, s.mobile, s.mobile_phone, s.cell_phone,
  s.home_phone, s.business_phone, s.contact_phone, s.address, s.address2, s.address3`;

const STAKEHOLDER_SEARCH_TEXT = `(${[
  "name",
  "email",
  "email2",
  "email3",
  "phone",
  "phone2",
  "phone3",
  "mobile",
  "contact_phone",
  "business_phone",
  "home_phone",
  "cell_phone",
  "mobile_phone",
  "address",
  "address2",
  "address3",
  "company_name",
]
  .map((c) => `coalesce(s.${c}, '')`)
  .join(" || E'\\n' || ")})`;

const pageQuery = (search) => ({
  text: `select s.id, s.name, lc.property_count as "propertyCount", ${CONTACT}${search ? ", count(*) over () as total" : ""}
    from ${
      search
        ? `(select s.id from stakeholder s where s.project_id = $1 and ${STAKEHOLDER_SEARCH_TEXT} ilike $2 and s.name ilike $2
            union
            select sp.stakeholder_id from stakeholder_property sp join property p on p.id = sp.property_id
             where sp.project_id = $1 and p.address ilike $2) m
       join stakeholder_link_count lc on lc.stakeholder_id = m.id`
        : "stakeholder_link_count lc"
    }
    join stakeholder s on s.id = lc.stakeholder_id and s.project_id = lc.project_id
    where lc.project_id = $1
    order by lc.property_count desc, s.name asc, s.id asc
    limit 24 offset 0`,
  extra: search ? [`%${search}%`] : [],
});

/** Without a search the total is counted on its own (a window count would read every group's row). */
const TOTAL = `select count(*) as total from stakeholder_link_count where project_id = $1`;

const FIRST_THREE = `select ids.id as "stakeholderId", first.id, first.address
  from unnest($2::int[]) as ids(id)
  cross join lateral (
    select p.id, p.address from stakeholder_property sp join property p on p.id = sp.property_id
    where sp.stakeholder_id = ids.id and sp.project_id = $1 and p.project_id = $1
    order by p.address, p.id limit 3
  ) first`;

const DETAIL = `select p.id, p.address, p.volume, p.folio, p.lot, p.plan_number, p.lot_plan_line
  from stakeholder_property sp join property p on p.id = sp.property_id
  where sp.stakeholder_id = $2 and sp.project_id = $1 and p.project_id = $1
  order by p.address, p.id limit 500`;

async function explain(client, label, text, params) {
  // Warm the cache first: the benchmark measures steady state, not a cold start.
  await client.query(text, params);
  const { rows } = await client.query(`explain (analyze, buffers, format json) ${text}`, params);
  const [plan] = rows[0]["QUERY PLAN"];
  const { rows: textRows } = await client.query(`explain (analyze, costs off, timing off, summary off) ${text}`, params);
  return { label, planningMs: plan["Planning Time"], executionMs: plan["Execution Time"], plan: textRows.map((r) => r["QUERY PLAN"]).join("\n") };
}

/** Runs the groups queries' plans on the benchmark project; returns their timings and plans. */
export async function explainGroups(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const project = (await client.query("select id from project where name = $1", [BENCH_PROJECT])).rows[0];
    if (!project) throw new Error(`"${BENCH_PROJECT}" does not exist: run bench/seed-large.mjs first`);
    const results = [];
    const plain = pageQuery("");
    results.push(await explain(client, "groups page 1 (stakeholder_link_count, limit 24)", plain.text, [project.id]));
    results.push(await explain(client, "groups total", TOTAL, [project.id]));
    const searched = pageQuery(COMMON_SURNAME);
    results.push(await explain(client, `groups page 1, search '${COMMON_SURNAME}'`, searched.text, [project.id, ...searched.extra]));
    const page = await client.query(plain.text, [project.id]);
    const ids = `{${page.rows.map((r) => r.id).join(",")}}`;
    results.push(await explain(client, "first 3 properties of the page's 24 stakeholders", FIRST_THREE, [project.id, ids]));
    results.push(await explain(client, `details: every property of the largest group (${page.rows[0].propertyCount})`, DETAIL, [project.id, page.rows[0].id]));
    return results;
  } finally {
    await client.end();
  }
}

export function printExplain(results, { plans = true } = {}) {
  for (const r of results) {
    console.log(`\n## ${r.label}: execution ${r.executionMs.toFixed(2)} ms, planning ${r.planningMs.toFixed(2)} ms`);
    if (plans) console.log(r.plan);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const external = process.env.DATABASE_URL;
  const port = Number(process.env.BENCH_PORT ?? 3952);
  const app = external ? null : await startApp({ port });
  try {
    const url = external ?? databaseUrl({ EMBEDDED_PG_PORT: String(port + 50000), DATA_DIR: app.dataDir });
    await seedLarge(url);
    printExplain(await explainGroups(url));
  } finally {
    await app?.stop();
  }
}
