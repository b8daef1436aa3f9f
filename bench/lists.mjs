/**
 * List benchmarks on a large project: starts the built app (or uses BENCH_URL), adds "Benchmark
 * Project" (10,000 stakeholders, 10,000 properties, ~15,000 links) with seed-large.mjs, signs in as
 * the officer, selects the project through the dashboard form, then measures each list page and
 * /api call at 20 concurrent connections, with the bare Express route /healthz in the same run.
 *
 *   npm run build && npm run bench:lists
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 by default. With BENCH_URL, give DATABASE_URL (or
 *   EMBEDDED_PG_PORT and DATA_DIR) of that app's database so the project can be seeded.
 *
 * Each scenario is then run one request at a time for BENCH_SINGLE_SECONDS (default 3) for the
 * latency of a single request. The table shows req/s as a share of the bare route's, and p97.5.
 *
 * A page that answers 404 (not built yet) or another non-200 status is reported as skipped, not measured.
 */
import fs from "node:fs";
import { load, printTable, signIn, startApp } from "./lib.mjs";
import { BENCH_PROJECT, COMMON_SURNAME, PROPERTY_SEARCH_TERM, databaseUrl, seedLarge } from "./seed-large.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3951);
const singleSeconds = Number(process.env.BENCH_SINGLE_SECONDS ?? 3);

const app = await startApp({ port });
try {
  const dbUrl = process.env.BENCH_URL ? databaseUrl() : databaseUrl({ EMBEDDED_PG_PORT: String(port + 50000), DATA_DIR: app.dataDir });
  const seeded = await seedLarge(dbUrl);
  console.log(
    seeded.created
      ? `Seeded "${BENCH_PROJECT}": ${seeded.stakeholders} stakeholders, ${seeded.properties} properties, ${seeded.links} links in ${seeded.seconds.toFixed(1)} s`
      : `"${BENCH_PROJECT}" already exists (project ${seeded.projectId})`,
  );

  const cookie = await signIn(app.baseUrl, "officer@demo-consultancy.local", "demo-pass-2026");
  const projects = await (await fetch(`${app.baseUrl}/api/projects`, { headers: { cookie } })).json();
  const projectId = projects.find((p) => p.name === BENCH_PROJECT)?.id;
  if (!projectId) throw new Error(`The officer cannot see "${BENCH_PROJECT}"`);
  const selected = await fetch(`${app.baseUrl}/?index`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
    body: new URLSearchParams({ intent: "select-project", projectId: String(projectId) }),
  });
  if (selected.status !== 302) throw new Error(`Selecting the project answered ${selected.status}`);

  const prioritySort = await stakeholderPrioritySort(app.baseUrl, cookie);
  const scenarios = [
    { name: "bare Express route (/healthz)", path: "/healthz", auth: false },
    { name: "/stakeholders (page 1, default sort)", path: "/stakeholders" },
    { name: `/stakeholders?sort=${prioritySort}`, path: `/stakeholders?sort=${prioritySort}` },
    { name: `/stakeholders?search=${COMMON_SURNAME}`, path: `/stakeholders?search=${COMMON_SURNAME}` },
    { name: "/properties", path: "/properties" },
    { name: "/properties?sort=laaExpiryDate", path: "/properties?sort=laaExpiryDate" },
    { name: `/properties?search=${PROPERTY_SEARCH_TERM}`, path: `/properties?search=${PROPERTY_SEARCH_TERM}` },
    { name: "/stakeholder-property-groups", path: "/stakeholder-property-groups" },
    { name: `/stakeholder-property-groups?search=${COMMON_SURNAME}`, path: `/stakeholder-property-groups?search=${COMMON_SURNAME}` },
    { name: "/documents", path: "/documents" },
    { name: "GET /api/stakeholders?limit=100", path: `/api/stakeholders?projectId=${projectId}&limit=100` },
  ];

  const rows = [];
  const skipped = [];
  // BENCH_ONLY=stakeholders measures only the scenarios whose name contains it (and the bare route).
  const only = process.env.BENCH_ONLY;
  for (const scenario of scenarios.filter((s) => !only || s.auth === false || s.name.includes(only))) {
    const headers = scenario.auth === false ? {} : { cookie };
    const probe = await fetch(app.baseUrl + scenario.path, { headers, redirect: "manual" });
    const body = await probe.text();
    if (probe.status !== 200) {
      skipped.push({ name: scenario.name, status: probe.status });
      continue;
    }
    await load(app.baseUrl + scenario.path, { connections, seconds: 1, headers }); // warm-up
    const cpuBefore = appCpuMs(app.pid);
    const result = await load(app.baseUrl + scenario.path, { connections, seconds, headers });
    // The app's own CPU per request: unlike req/s, it hardly moves when other work shares the machine.
    if (cpuBefore !== null) result.cpuMs = (appCpuMs(app.pid) - cpuBefore) / result.requests;
    // One request at a time: what a single user waits with nothing else running.
    const single = await load(app.baseUrl + scenario.path, { connections: 1, seconds: singleSeconds, headers });
    rows.push({ name: scenario.name, bytes: body.length, ...result, single });
  }

  console.log(`\n"${BENCH_PROJECT}" (project ${projectId}), ${connections} connections, ${seconds} s per scenario (then ${singleSeconds} s one at a time), Node ${process.version}\n`);
  printTable(rows, { baseline: rows.find((r) => r.name.startsWith("bare Express route")) });
  if (rows.some((r) => r.cpuMs !== undefined)) {
    console.log("\nApp CPU per request under load (from /proc; robust to other load on the machine):");
    for (const r of rows) if (r.cpuMs !== undefined) console.log(`- ${r.name}: ${r.cpuMs.toFixed(2)} ms`);
  }
  const stakeholders = rows.find((r) => r.name.startsWith("/stakeholders (page 1"));
  if (stakeholders)
    console.log(
      `\nOne /stakeholders request alone: p50 ${stakeholders.single.p50.toFixed(1)} ms, p97.5 ${stakeholders.single.p975.toFixed(1)} ms (${stakeholders.single.requests} requests one at a time)`,
    );
  for (const s of skipped) console.log(`skipped: ${s.name} answered ${s.status}${s.status === 404 ? " (page not built yet?)" : ""}`);
  fs.mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/lists-${Date.now()}.json`;
  fs.writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), node: process.version, connections, seconds, seeded, rows, skipped }, null, 2));
  console.log(`\nWrote ${file}`);
} finally {
  await app.stop();
}

/**
 * The stakeholders page's next-action priority sort key, read from its own sort links (so the
 * benchmark follows the page), else nextActionPriority, else the name sort.
 */
async function stakeholderPrioritySort(baseUrl, cookie) {
  const response = await fetch(`${baseUrl}/stakeholders`, { headers: { cookie }, redirect: "manual" });
  if (response.status !== 200) return "nextActionPriority";
  const html = await response.text();
  const key = html.match(/[?&;]sort=([A-Za-z]*[Pp]riority)\b/)?.[1];
  return key ?? (html.includes("sort=name") ? "name" : "nextActionPriority");
}

/** User plus system CPU time of a process in ms (Linux /proc; null elsewhere or for BENCH_URL). */
function appCpuMs(pid) {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // clock ticks, 100 per second on Linux
  } catch {
    return null;
  }
}
