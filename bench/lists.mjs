/**
 * List benchmarks on a large project against the floor the issue names: a bare Express app in its
 * own process (bench/bare-express.mjs, `express().get("/", …res.send("<p>hello</p>"))`), measured in
 * the same run. Starts the built app (or uses BENCH_URL) and the bare app, adds "Benchmark Project"
 * (10,000 stakeholders, 10,000 properties, ~15,000 links, 10,000 grievances) with seed-large.mjs, signs in as the
 * officer, selects the project through the dashboard form, then measures each list page and /api
 * call at 20 concurrent connections.
 *
 *   npm run build && npm run bench:lists
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 by default; BENCH_PORT (3951) for the app, BENCH_BARE_PORT
 *   (BENCH_PORT + 1) for the bare app. With BENCH_URL, give DATABASE_URL (or EMBEDDED_PG_PORT and
 *   DATA_DIR) of that app's database so the project can be seeded.
 *
 * Requests differ: each list row cycles through its own set of URLs (pages 1–20, every sort the page
 * links to, both directions; search rows also through several surnames or towns), so no single
 * answer, cached anywhere, carries the figure. Each scenario is then run one request at a time for
 * BENCH_SINGLE_SECONDS (default 3) on the same URLs: the latency of a single request. The table shows
 * req/s as a share of the bare app's, and p97.5; then the targets with met / not met.
 *
 * A page whose first URL answers 404 (not built yet) or another non-200 status is reported as skipped.
 */
import fs from "node:fs";
import os from "node:os";
import { load, printTable, signIn, startApp, startBareExpress } from "./lib.mjs";
import { BENCH_PROJECT, COMMON_SURNAME, LAST, PROPERTY_SEARCH_TERM, TOWNS, databaseUrl, seedLarge } from "./seed-large.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3951);
const barePort = Number(process.env.BENCH_BARE_PORT ?? port + 1);
const singleSeconds = Number(process.env.BENCH_SINGLE_SECONDS ?? 3);
/** Chromium's Accept-Encoding. */
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** The targets: share of the bare app's req/s, p97.5 at 20 connections, one request alone (p50). */
const TARGETS = { listShare: 3, searchShare: 2, p975Ms: 250, aloneMs: 8 };

const loadBefore = os.loadavg();
const bare = await startBareExpress({ port: barePort });
const app = await startApp({ port });
try {
  const dbUrl = process.env.BENCH_URL || process.env.DATABASE_URL ? databaseUrl() : databaseUrl({ EMBEDDED_PG_PORT: String(port + 50000), DATA_DIR: app.dataDir });
  const seeded = await seedLarge(dbUrl);
  console.log(
    seeded.created
      ? `Seeded "${BENCH_PROJECT}": ${seeded.stakeholders} stakeholders, ${seeded.properties} properties, ${seeded.links} links, ${seeded.grievances} grievances in ${seeded.seconds.toFixed(1)} s`
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

  const surnames = [COMMON_SURNAME, ...LAST.filter((n) => n !== COMMON_SURNAME).slice(0, 7)];
  const towns = [
    PROPERTY_SEARCH_TERM,
    ...TOWNS.map(([t]) => t)
      .filter((t) => t !== PROPERTY_SEARCH_TERM)
      .slice(0, 7),
  ];
  const pages = Array.from({ length: 20 }, (_, i) => i + 1);
  const stakeholderSorts = await pageSorts(app.baseUrl, "/stakeholders", cookie);
  const propertySorts = await pageSorts(app.baseUrl, "/properties", cookie);
  const groupSorts = await pageSorts(app.baseUrl, "/stakeholder-property-groups", cookie);
  const grievanceSorts = await pageSorts(app.baseUrl, "/grievances", cookie);
  const scenarios = [
    { name: "bare Express, own process", base: bare.baseUrl, paths: ["/"], auth: false, pid: bare.pid },
    { name: "app /healthz (request log only)", paths: ["/healthz"], auth: false },
    { name: "/stakeholders", kind: "list", paths: variants("/stakeholders", { page: pages, sort: stakeholderSorts, dir: ["asc", "desc"] }) },
    { name: "/stakeholders?search=", kind: "search", paths: variants("/stakeholders", { search: surnames, page: [1, 2], sort: stakeholderSorts, dir: ["asc", "desc"] }) },
    { name: "/properties", kind: "list", paths: variants("/properties", { page: pages, sort: propertySorts, dir: ["asc", "desc"] }) },
    { name: "/properties?search=", kind: "search", paths: variants("/properties", { search: towns, page: [1, 2], sort: propertySorts, dir: ["asc", "desc"] }) },
    { name: "/stakeholder-property-groups", kind: "list", paths: variants("/stakeholder-property-groups", { page: pages, sort: groupSorts, dir: ["asc", "desc"] }) },
    { name: "/stakeholder-property-groups?search=", kind: "search", paths: variants("/stakeholder-property-groups", { search: surnames, sort: groupSorts, dir: ["asc", "desc"] }) },
    { name: "/grievances", kind: "list", paths: variants("/grievances", { page: pages, sort: grievanceSorts, dir: ["asc", "desc"] }) },
    { name: "/grievances?search=", kind: "search", paths: variants("/grievances", { search: surnames, page: [1, 2], sort: grievanceSorts, dir: ["asc", "desc"] }) },
    { name: "/documents", paths: ["/documents"] },
    { name: "GET /api/stakeholders?limit=100", paths: pages.map((p) => `/api/stakeholders?projectId=${projectId}&limit=100&offset=${(p - 1) * 100}`) },
  ];

  // The app's code is compiled and optimised by V8 as it runs: without this, the first rows measured
  // (the stakeholders list) paid for the warming of code every page shares. BENCH_WARMUP_SECONDS, default 5.
  const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
  if (warmupSeconds > 0) {
    const everyPage = scenarios.filter((s) => s.auth !== false).flatMap((s) => s.paths.map((p) => app.baseUrl + p));
    await load(everyPage, { connections, seconds: warmupSeconds, headers: { "accept-encoding": ACCEPT_ENCODING, cookie } });
  }

  const rows = [];
  const skipped = [];
  // BENCH_ONLY=stakeholders measures only the scenarios whose name contains it (and the two floors).
  const only = process.env.BENCH_ONLY;
  for (const scenario of scenarios.filter((s) => !only || s.auth === false || s.name.includes(only))) {
    // What a browser asks for, so the app compresses its answers as it does for users.
    const headers = { "accept-encoding": ACCEPT_ENCODING, ...(scenario.auth === false ? {} : { cookie }) };
    const base = scenario.base ?? app.baseUrl;
    const urls = scenario.paths.map((p) => base + p);
    const probe = await fetch(urls[0], { headers, redirect: "manual" });
    const body = await probe.text();
    if (probe.status !== 200) {
      skipped.push({ name: scenario.name, status: probe.status });
      continue;
    }
    const pid = scenario.pid ?? app.pid;
    await load(urls, { connections, seconds: 1, headers }); // warm-up
    const cpuBefore = processCpuMs(pid);
    const result = await load(urls, { connections, seconds, headers });
    // The process's own CPU per request: unlike req/s, it hardly moves when other work shares the machine.
    if (cpuBefore !== null) result.cpuMs = (processCpuMs(pid) - cpuBefore) / result.requests;
    // One request at a time, on the same varied URLs: what a single user waits with nothing else running.
    const single = await load(urls, { connections: 1, seconds: singleSeconds, headers });
    rows.push({ name: scenario.name, kind: scenario.kind, urls: scenario.paths.length, bytes: body.length, ...result, single });
  }
  const loadAfter = os.loadavg();

  console.log(`\n"${BENCH_PROJECT}" (project ${projectId}), ${connections} connections, ${seconds} s per scenario (then ${singleSeconds} s one at a time), Node ${process.version}`);
  console.log(`Load average (1 min) ${loadBefore[0].toFixed(1)} before, ${loadAfter[0].toFixed(1)} after, ${os.cpus().length} CPUs\n`);
  const baseline = rows.find((r) => r.name.startsWith("bare Express"));
  printTable(
    rows.map((r) => ({ ...r, name: r.urls > 1 ? `${r.name} (${r.urls} URLs)` : r.name })),
    { baseline },
  );
  if (rows.some((r) => r.cpuMs !== undefined)) {
    console.log("\nCPU per request under load (from /proc; robust to other load on the machine):");
    for (const r of rows) if (r.cpuMs !== undefined) console.log(`- ${r.name}: ${r.cpuMs.toFixed(2)} ms`);
  }
  if (baseline) {
    const checks = targetChecks(rows, baseline);
    console.log(`\nTargets (share of the bare app's req/s in this run; p97.5 at ${connections} connections; one request alone, p50):\n`);
    console.log("| page | share | goal | p97.5 ms | goal | alone ms | goal | all met |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---|");
    const mark = (ok) => (ok ? "met" : "**not met**");
    for (const c of checks)
      console.log(
        `| ${c.name} | ${c.share.toFixed(2)} % ${mark(c.shareMet)} | ≥ ${c.shareGoal} % | ${c.p975.toFixed(0)} ${mark(c.p975Met)} | ≤ ${TARGETS.p975Ms} | ${c.alone.toFixed(1)} ${mark(c.aloneMet)} | ≤ ${TARGETS.aloneMs} | ${c.met ? "yes" : "no"} |`,
      );
    rows.forEach((r) => (r.target = checks.find((c) => c.name === r.name)));
  }
  for (const s of skipped) console.log(`skipped: ${s.name} answered ${s.status}${s.status === 404 ? " (page not built yet?)" : ""}`);
  fs.mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/lists-${Date.now()}.json`;
  fs.writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), node: process.version, connections, seconds, loadBefore, loadAfter, targets: TARGETS, seeded, rows, skipped }, null, 2));
  console.log(`\nWrote ${file}`);
} finally {
  await app.stop();
  await bare.stop();
}

/** Each list row against the targets: share of the bare app, p97.5 under load, p50 alone. */
function targetChecks(rows, baseline) {
  return rows
    .filter((r) => r.kind)
    .map((r) => {
      const share = (100 * r.rps) / baseline.rps;
      const shareGoal = r.kind === "search" ? TARGETS.searchShare : TARGETS.listShare;
      const check = { name: r.name, share, shareGoal, p975: r.p975, alone: r.single.p50 };
      check.shareMet = share >= shareGoal;
      check.p975Met = r.p975 <= TARGETS.p975Ms;
      check.aloneMet = r.single.p50 <= TARGETS.aloneMs;
      check.met = check.shareMet && check.p975Met && check.aloneMet && r.errors === 0;
      return check;
    });
}

/**
 * Every combination of the given query values on `path`, in a fixed shuffled order (so that
 * consecutive requests differ in more than one parameter and a run's first seconds are not all page 1).
 */
function variants(path, values) {
  let combos = [new URLSearchParams()];
  for (const [key, list] of Object.entries(values)) {
    combos = combos.flatMap((params) =>
      list.map((value) => {
        const next = new URLSearchParams(params);
        next.set(key, String(value));
        return next;
      }),
    );
  }
  // A fixed permutation (linear congruential generator) so runs are comparable.
  let seed = 25;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = combos.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [combos[i], combos[j]] = [combos[j], combos[i]];
  }
  return combos.map((params) => `${path}?${params}`);
}

/** The sort keys a list page links to (its column headers), so the benchmark follows the page. */
async function pageSorts(baseUrl, path, cookie) {
  const response = await fetch(baseUrl + path, { headers: { cookie }, redirect: "manual" });
  if (response.status !== 200) return [""];
  const html = (await response.text()).replace(/&amp;/g, "&");
  const keys = new Set([...html.matchAll(/href="[^"]*[?&]sort=([A-Za-z]+)/g)].map((m) => m[1]));
  return keys.size ? [...keys] : [""];
}

/** User plus system CPU time of a process in ms (Linux /proc; null elsewhere or for BENCH_URL). */
function processCpuMs(pid) {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // clock ticks, 100 per second on Linux
  } catch {
    return null;
  }
}
