/**
 * Adds a large project for the list benchmarks: "Benchmark Project" of the demo client with 10,000
 * stakeholders, 10,000 properties and ~15,000 stakeholder–property links, written with set-based SQL
 * (generate_series) in one transaction. The officer (and the other demo members) get memberships.
 *
 *   node bench/seed-large.mjs        (DATABASE_URL, else the embedded database of DATA_DIR on EMBEDDED_PG_PORT, default 54329)
 *
 * Idempotent: when the project already exists it says so and exits 0 without changing anything.
 * Deterministic: setseed() fixes random(), so every run produces the same data.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

export const BENCH_PROJECT = "Benchmark Project";
/** A surname shared by roughly one stakeholder in sixty, for the search benchmark. */
export const COMMON_SURNAME = "Nguyen";
/** A town every ~30th property lies in, for the property search benchmark. */
export const PROPERTY_SEARCH_TERM = "Beaufort";

/** DATABASE_URL, else the app's embedded database, whose password is kept in its DATA_DIR. */
export function databaseUrl(env = process.env) {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const password = fs.readFileSync(path.join(env.DATA_DIR ?? "./data", "pg-password"), "utf8").trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${env.EMBEDDED_PG_PORT ?? 54329}/land_records`;
}

const FIRST = [
  "Margaret",
  "Tom",
  "Aroha",
  "Greg",
  "Lisa",
  "Helen",
  "Peter",
  "Priya",
  "Oscar",
  "Dana",
  "Sol",
  "Mai",
  "James",
  "Olivia",
  "William",
  "Charlotte",
  "Jack",
  "Amelia",
  "Noah",
  "Isla",
  "Liam",
  "Mia",
  "Lucas",
  "Grace",
  "Henry",
  "Chloe",
  "Leo",
  "Ava",
  "Ethan",
  "Zoe",
  "Mason",
  "Ruby",
  "Harrison",
  "Sophie",
  "Lachlan",
  "Emily",
  "Cooper",
  "Matilda",
  "Hamish",
  "Evie",
  "Angus",
  "Harper",
  "Riley",
  "Ella",
  "Archie",
  "Willow",
  "Kai",
  "Frankie",
  "Mohammed",
  "Fatima",
  "Wei",
  "Ling",
  "Rangi",
  "Anh",
  "Sanjay",
  "Deepa",
  "Giovanni",
  "Rosa",
  "Nikos",
  "Eleni",
];
export const LAST = [
  "Smith",
  "Jones",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Johnson",
  "White",
  "Martin",
  "Anderson",
  "Thompson",
  COMMON_SURNAME,
  "Thomas",
  "Walker",
  "Harris",
  "Lee",
  "Ryan",
  "Robinson",
  "Kelly",
  "King",
  "Davis",
  "Wright",
  "Evans",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "Patel",
  "Khan",
  "Lewis",
  "James",
  "Phillips",
  "Mitchell",
  "Campbell",
  "Ellis",
  "Fraser",
  "Ferraro",
  "Lindqvist",
  "O'Brien",
  "Murphy",
  "McDonald",
  "Stewart",
  "Russo",
  "Papadopoulos",
  "Chen",
  "Wang",
  "Singh",
  "Tran",
  "Kennedy",
  "Morgan",
  "Cooper",
  "Hughes",
  "Edwards",
  "Turner",
  "Bennett",
  "Hill",
];
const BUSINESS = ["Pastoral Co Pty Ltd", "Grain Holdings Pty Ltd", "Farming Trust", "Vineyards Pty Ltd", "Family Partnership", "Quarries Pty Ltd", "Orchards", "Livestock Pty Ltd"];
const ORGS = ["Landcare Group", "Football Netball Club", "Historical Society", "CFA Brigade", "Progress Association", "Anglers Club", "Primary School Council", "Men's Shed"];
const COUNCILS = [
  "Pyrenees Shire Council",
  "Ararat Rural City Council",
  "Northern Grampians Shire Council",
  "Central Goldfields Shire Council",
  "Hepburn Shire Council",
  "Moorabool Shire Council",
  "Golden Plains Shire Council",
  "Department of Transport and Planning",
];
const STREETS = [
  "Western Highway",
  "Lake Road",
  "Main Lead Road",
  "Racecourse Road",
  "Old Beaufort Road",
  "Halls Gap Road",
  "Mount Cole Road",
  "Stockyard Lane",
  "Ridge Road",
  "Creek Road",
  "Quarry Road",
  "School Lane",
  "Burrumbeet Road",
  "Sunraysia Highway",
  "Pyrenees Highway",
  "Glenlogie Road",
  "Ben Nevis Road",
  "Warrak Road",
  "Eurambeen Road",
  "Trawalla Road",
  "Chute Road",
  "Waterloo Road",
  "Ercildoune Road",
  "Langi Kal Kal Road",
  "Yam Holes Creek Road",
  "Mena Park Road",
  "Lexton Road",
  "Amphitheatre Road",
  "Crowlands Road",
  "Landsborough Road",
];
export const TOWNS = [
  ["Beaufort", 3373],
  ["Buangor", 3375],
  ["Ararat", 3377],
  ["Waterloo", 3373],
  ["Stawell", 3380],
  ["Skipton", 3361],
  ["Avoca", 3467],
  ["Lexton", 3352],
  ["Trawalla", 3373],
  ["Raglan", 3373],
  ["Elmhurst", 3469],
  ["Moonambel", 3478],
  ["Landsborough", 3384],
  ["Great Western", 3374],
  ["Halls Gap", 3381],
  ["Navarre", 3384],
  ["Amphitheatre", 3468],
  ["Snake Valley", 3351],
  ["Learmonth", 3352],
  ["Miners Rest", 3352],
  ["Burrumbeet", 3352],
  ["Waubra", 3352],
  ["Clunes", 3370],
  ["Creswick", 3363],
  ["Smythesdale", 3351],
  ["Linton", 3360],
  ["Scarsdale", 3351],
  ["Dunolly", 3472],
  ["Maryborough", 3465],
  ["Talbot", 3371],
];
const ACTIONS = [
  "Confirm access route for the survey crew",
  "Send draft land access agreement",
  "Follow up on compensation query",
  "Arrange independent valuation",
  "Agree the gate location",
  "Provide the construction timeline",
  "Site inspection with the landholders",
  "Renew land access agreement",
  "Return signed consent form",
  "Call about stock movements",
];

/** A SQL text[] literal built from constants above (no user input reaches this). */
const arr = (values) => `array[${values.map((v) => `'${String(v).replace(/'/g, "''")}'`).join(",")}]::text[]`;
/** Picks element n (1-based, wrapping) of a SQL array expression. */
const pick = (array, n) => `(${array})[1 + ((${n}) % cardinality(${array}))]`;

/**
 * Seeds `name` unless it exists. The defaults are "Benchmark Project" of the list benchmarks: 10,000
 * stakeholders, 10,000 properties, every property linked to one stakeholder and 5,200 more links to a
 * skewed few (duplicates skipped). bench/export.mjs asks for a larger one (more properties than
 * stakeholders: property n belongs to stakeholder 1 + (n − 1) mod stakeholders) and fills the columns its
 * export reads in `fill(client, projectId)`, which runs in the same transaction before the commit.
 */
export async function seedLarge(
  url = databaseUrl(),
  {
    name = BENCH_PROJECT,
    description = "Large synthetic project for the list benchmarks (bench/seed-large.mjs)",
    stakeholders: STAKEHOLDERS = 10_000,
    properties: PROPERTIES = 10_000,
    extraLinks: EXTRA_LINKS = 5_200,
    grievances: GRIEVANCES = 10_000,
    fill,
  } = {},
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    await client.query("begin");
    // Serialises two concurrent runs; the second then sees the project and stops.
    await client.query("select pg_advisory_xact_lock(7340002)");
    const demo = (await client.query("select id from client where name = 'Demo Land Consultancy'")).rows[0];
    if (!demo) throw new Error("The demo client is missing: start the app once so it seeds the demo data");
    const existing = (await client.query("select id from project where name = $1 and client_id = $2", [name, demo.id])).rows[0];
    if (existing) {
      await client.query("rollback");
      return { created: false, projectId: existing.id };
    }

    const project = (
      await client.query(
        `insert into project (name, description, client_id, owner_id, settings, startup_completed_at, startup_completed_by)
         values ($1, $3, $2, 'seed-client-owner',
                 '{"allowPublicView": false, "requireApproval": true, "defaultTimezone": "Australia/Sydney"}', now(), 'Olivia Owner')
         returning id`,
        [name, demo.id, description],
      )
    ).rows[0];
    const projectId = project.id;
    await client.query(
      `insert into project_membership (user_id, project_id, role, can_create_projects, can_manage_users)
       select u.id, $1, u.system_role, u.system_role = 'project_manager', u.system_role = 'project_manager'
       from "user" u where u.id in ('seed-officer', 'seed-project-manager', 'seed-viewer')`,
      [projectId],
    );
    await client.query("select setseed(0.2026)");

    // Ids drawn from the sequences up front, so properties and links can refer to stakeholder n.
    await client.query(`create temp table bench_s on commit drop as select g as n, nextval('stakeholder_id_seq')::int as id from generate_series(1, ${STAKEHOLDERS}) g`);
    await client.query(`create temp table bench_p on commit drop as select g as n, nextval('property_id_seq')::int as id from generate_series(1, ${PROPERTIES}) g`);

    const first = arr(FIRST);
    const last = arr(LAST);
    const towns = arr(TOWNS.map(([t, pc]) => `${t} VIC ${pc}`));
    const streets = arr(STREETS);
    const actions = arr(ACTIONS);
    // Due dates: a quarter each overdue, within 7 days, later, none (docs/records.md#next-action priorities 1–4).
    const due = (n) => `case (${n}) % 4 when 0 then current_date - (1 + (${n}) % 45) when 1 then current_date + ((${n}) % 8) when 2 then current_date + (8 + (${n}) % 180) else null end`;

    await client.query(
      `insert into stakeholder (id, user_id, project_id, name, company_name, member_type, stakeholder_category, influence_level,
         iap2engagement_level, email, email2, phone, mobile, address, address2, notes, next_action, next_action_due_date,
         is_project_property_owner, created_at, updated_at)
       select s.id, 'seed-officer', $1, x.name,
         case when x.kind = 'Business' then x.name end,
         x.kind,
         case x.kind when 'Individual' then (array['Resident', 'Investor', 'Developer'])[1 + s.n % 3]
                     when 'Business' then 'Business Owner' when 'Organization' then 'Community Leader' else 'Local Official' end,
         (array['High', 'Medium', 'Low'])[1 + s.n % 3],
         (array['Inform', 'Consult', 'Involve', 'Collaborate', 'Empower'])[1 + s.n % 5],
         case when s.n % 9 <> 0 then lower(regexp_replace(x.name, '[^A-Za-z]+', '.', 'g')) || s.n || '@example.com.au' end,
         case when s.n % 7 = 0 then 'alt' || s.n || '@example.net' end,
         case when s.n % 5 <> 0 then '04' || lpad(((s.n * 7919) % 100000000)::text, 8, '0') end,
         case when s.n % 6 = 0 then '04' || lpad(((s.n * 104729) % 100000000)::text, 8, '0') end,
         (1 + s.n % 1800) || ' ' || ${pick(streets, "s.n * 7")} || ', ' || ${pick(towns, "s.n * 13")},
         case when s.n % 11 = 0 then 'PO Box ' || (s.n % 900 + 1) || ', ' || ${pick(towns, "s.n * 17")} end,
         case when s.n % 13 = 0 then 'Prefers contact after 4 pm; dogs on property.' end,
         case when (s.n % 4) <> 3 then ${pick(actions, "s.n")} end,
         ${due("s.n")},
         s.n % 3 = 0, now() - (s.n % 700) * interval '1 day', now() - (s.n % 90) * interval '1 day'
       from bench_s s
       cross join lateral (
         select case when s.n % 100 < 72 then 'Individual' when s.n % 100 < 87 then 'Business' when s.n % 100 < 95 then 'Organization' else 'Government' end as kind
       ) k
       cross join lateral (
         select k.kind,
           case k.kind
             when 'Individual' then ${pick(first, "s.n * 31 + (s.n / 7)")} || ' ' || ${pick(last, "s.n * 17 + (s.n / 3)")}
             when 'Business' then ${pick(last, "s.n * 5")} || ' ' || ${pick(arr(BUSINESS), "s.n")}
             when 'Organization' then ${pick(arr(TOWNS.map(([t]) => t)), "s.n * 3")} || ' ' || ${pick(arr(ORGS), "s.n")}
             else ${pick(arr(COUNCILS), "s.n")}
           end as name
       ) x`,
      [projectId],
    );

    await client.query(
      `insert into property (id, stakeholder_id, project_id, address, property_address, volume, folio, lot, plan_number, lot_plan_line,
         title_type, proprietor, proprietors, area, zoning, property_use, next_action, next_action_due_date, has_laa, laa_expiry_date,
         laa_details, created_at, updated_at)
       select p.id, s.id, $1, a.address, a.address,
         (8000 + (p.n * 37) % 5000)::text, lpad(((p.n * 53) % 1000)::text, 3, '0'),
         (1 + p.n % 12)::text, pl.plan, 'Lot ' || (1 + p.n % 12) || ' on Plan of Subdivision ' || substr(pl.plan, 3),
         case when p.n % 5 = 0 then 'CoT' else 'FREEHOLD' end,
         st.name, jsonb_build_array(st.name) || case when p.n % 4 = 0 then jsonb_build_array(${pick(first, "p.n")} || ' ' || ${pick(last, "p.n * 3")}) else '[]'::jsonb end,
         round((0.1 + (p.n % 4000) / 10.0)::numeric, 1) || ' ha',
         (array['Farming Zone', 'Rural Living Zone', 'Township Zone', 'Green Wedge Zone'])[1 + p.n % 4],
         (array['Grazing', 'Cropping', 'Viticulture', 'Residential', 'Lifestyle'])[1 + p.n % 5],
         case when (p.n % 4) <> 2 then ${pick(actions, "p.n * 3")} end,
         ${due("p.n + 1")},
         p.n % 10 < 3,
         -- LAA expiry: some expired, some within 30 days, most later.
         case when p.n % 10 < 3 then current_date + ((p.n * 7) % 760 - 120) end,
         case when p.n % 10 < 3 then 'Access for survey and construction; gates to be kept closed.' end,
         now() - (p.n % 500) * interval '1 day', now() - (p.n % 60) * interval '1 day'
       from bench_p p
       join bench_s s on s.n = 1 + (p.n - 1) % ${STAKEHOLDERS}
       join stakeholder st on st.id = s.id
       cross join lateral (select 'PS' || lpad((400000 + (p.n / 12) % 99999)::text, 6, '0') as plan) pl
       cross join lateral (
         select case when p.n % 17 = 0 then 'Lot ' || (1 + p.n % 12) || ' ' else (1 + (p.n * 7) % 2400) || ' ' end
           || ${pick(streets, "p.n * 11")} || ', ' || ${pick(towns, "p.n")} as address
       ) a`,
      [projectId],
    );

    // Each property's owner, then extra links skewed towards the first quarter of the stakeholders (random()^2), so
    // a few groups are large and most have one or two properties.
    await client.query(
      `insert into stakeholder_property (stakeholder_id, property_id, project_id)
       select s.id, p.id, $1 from bench_p p join bench_s s on s.n = 1 + (p.n - 1) % ${STAKEHOLDERS}`,
      [projectId],
    );
    await client.query(
      `insert into stakeholder_property (stakeholder_id, property_id, project_id)
       select s.id, p.id, $1
       from (select 1 + floor(power(random(), 2) * ${Math.ceil(STAKEHOLDERS / 4)})::int as sn, 1 + floor(random() * ${PROPERTIES})::int as pn from generate_series(1, ${EXTRA_LINKS})) r
       join bench_s s on s.n = r.sn join bench_p p on p.n = r.pn
       on conflict (stakeholder_id, property_id) do nothing`,
      [projectId],
    );
    await seedGrievances(client, projectId, GRIEVANCES);
    const counts = (
      await client.query(
        `select (select count(*) from stakeholder where project_id = $1)::int as stakeholders,
                (select count(*) from property where project_id = $1)::int as properties,
                (select count(*) from stakeholder_property where project_id = $1)::int as links,
                (select count(*) from grievance where project_id = $1)::int as grievances`,
        [projectId],
      )
    ).rows[0];
    if (fill) await fill(client, projectId);
    await client.query("commit");
    // Fresh statistics so the first benchmark queries are planned on the real row counts, and the
    // visibility map set, as autovacuum leaves a table soon after a bulk insert, so counts can be
    // answered from an index alone. stakeholder_link_count is filled by triggers: without its statistics
    // the groups page is planned as a scan of every group.
    await client.query("vacuum analyze stakeholder, property, stakeholder_property, stakeholder_link_count, project_membership, grievance");
    return { created: true, projectId, ...counts, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Grievances over the last 400 days (docs/records.md#grievances): 70 % from a stakeholder of the project,
 * 20 % from a named person, 10 % anonymous; 60 % about a property; every stage, a quarter closed (with
 * the outcome the closing rule needs); due dates 7 and 42 calendar days after receipt (about 5 and 30
 * business days: the list reads the stored dates, so the exact calendar does not matter here).
 */
async function seedGrievances(client, projectId, count) {
  if (!count) return;
  const stages = arr(["received", "acknowledged", "investigating", "response_proposed", "resolved", "closed", "closed", "investigating"]);
  const categories = arr(["access", "gates_fences", "damage", "dust_noise", "weeds_biosecurity", "water", "traffic", "compensation_payments", "communication", "other"]);
  const descriptions = arr([
    "Gate on the northern paddock left open after the survey crew's visit.",
    "Dust from the access track is settling on the house and water tank.",
    "Fence damaged where the vehicles turned; stock got onto the road.",
    "Payment for the access agreement is three weeks late.",
    "Weeds appearing along the easement since the drilling rig came through.",
    "Nobody called back about the meeting time that was promised.",
    "Heavy trucks using the school road during pick-up hours.",
    "Water in the dam is muddy since the creek crossing works.",
  ]);
  await client.query(
    `insert into grievance (project_id, reference, received_at, channel, complainant_kind, stakeholder_id, complainant_name, complainant_contact,
       property_id, category, severity, description, owner_id, stage, counted_received_on, acknowledge_by, resolve_by,
       acknowledged_at, resolved_at, closed_at, resolution, action_taken, complainant_told_on, complainant_told_how, complainant_accepted, created_by_id)
     select $1, 'G-' || lpad(g.n::text, 5, '0'), r.at,
       (array['phone', 'email', 'in_person', 'letter', 'public_form', 'other'])[1 + g.n % 6],
       k.kind, case when k.kind = 'stakeholder' then s.id end,
       case when k.kind = 'person' then ${pick(arr(FIRST), "g.n * 3")} || ' ' || ${pick(arr(LAST), "g.n * 7")} end,
       case when k.kind = 'person' and g.n % 2 = 0 then '04' || lpad(((g.n * 7919) % 100000000)::text, 8, '0') end,
       case when g.n % 10 < 6 then p.id end,
       ${pick(categories, "g.n * 3")}, (array['low', 'medium', 'high', 'critical'])[1 + g.n % 4], ${pick(descriptions, "g.n")},
       case when g.n % 3 <> 0 then (array['seed-officer', 'seed-project-manager'])[1 + g.n % 2] end,
       st.stage, r.at::date, r.at::date + 7, r.at::date + 42,
       case when st.stage <> 'received' then r.at + interval '2 days' end,
       case when st.stage in ('resolved', 'closed') then r.at + interval '20 days' end,
       case when st.stage = 'closed' then r.at + interval '25 days' end,
       case when st.stage = 'closed' then (array['upheld', 'partly_upheld', 'not_upheld', 'withdrawn'])[1 + g.n % 4] end,
       case when st.stage = 'closed' then 'Repaired and checked with the landholder.' end,
       case when st.stage = 'closed' then r.at::date + 24 end,
       case when st.stage = 'closed' then 'Phone call' end,
       case when st.stage = 'closed' then g.n % 5 <> 0 end,
       'seed-officer'
     from generate_series(1, $2::int) g(n)
     cross join lateral (select now() - ((g.n * 37) % 400) * interval '1 day' - (g.n % 600) * interval '1 minute' as at) r
     cross join lateral (select case when g.n % 10 < 7 then 'stakeholder' when g.n % 10 < 9 then 'person' else 'anonymous' end as kind) k
     cross join lateral (select ${pick(stages, "g.n * 5")} as stage) st
     join bench_s s on s.n = 1 + (g.n * 13) % (select count(*) from bench_s)
     join bench_p p on p.n = 1 + (g.n * 17) % (select count(*) from bench_p)`,
    [projectId, count],
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const result = await seedLarge();
    if (!result.created) console.log(`"${BENCH_PROJECT}" already exists (project ${result.projectId}); nothing to do.`);
    else
      console.log(
        `Created "${BENCH_PROJECT}" (project ${result.projectId}): ${result.stakeholders} stakeholders, ${result.properties} properties, ${result.links} links in ${result.seconds.toFixed(1)} s.`,
      );
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
