/**
 * Load test: 50 signed-in users for 60 s on "Benchmark Project" (10,000 stakeholders, 10,000
 * properties; bench/seed-large.mjs), each a closed loop with no think time mixing list pages, detail
 * views, searches and saves (the stakeholder edit form, fetched and posted back with the fields the page
 * posts), while one user imports a CSV through the import /api (parse, then the import job). Reports
 * p50/p95/p99 per route, the error count (any answer that is not 2xx/3xx, and failed connections) and
 * the peak RSS of the server process (sampled from /proc every 100 ms).
 *
 *   npm run build && npm run bench:load
 *   BENCH_USERS=50 BENCH_SECONDS=60 BENCH_IMPORT_ROWS=2000 BENCH_THINK_MS=0 BENCH_PORT=3957 by default;
 *   BENCH_SECONDS=10 for a quick run. With BENCH_URL, give DATABASE_URL of that app's database.
 *
 * Every user signs in through the bundled OpenID Connect provider (the seeded accounts in turn: owner,
 * director, project manager, officer, viewer; viewers do not save) and selects the project with the
 * dashboard's form. Each saving user edits stakeholders of its own, so two users never race on one
 * record's version (a stale edit would be a 409).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import pg from "pg";
import { signIn, startApp } from "./lib.mjs";
import { BENCH_PROJECT, COMMON_SURNAME, PROPERTY_SEARCH_TERM, databaseUrl, seedLarge } from "./seed-large.mjs";

const USERS = Number(process.env.BENCH_USERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 2000);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
const PORT = Number(process.env.BENCH_PORT ?? 3957);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? PORT + 1);
const PASSWORD = "demo-pass-2026";
const ACCOUNTS = ["owner", "director", "pm", "officer", "viewer"].map((name) => ({ login: `${name}@demo-consultancy.local`, saves: name !== "viewer" }));
const SEARCHES = { stakeholders: [COMMON_SURNAME, "Smith", "Creek"], properties: [PROPERTY_SEARCH_TERM, "Road", "Lot 1"] };
const MB = 1024 * 1024;

// ------------------------------------------------------------------------------------------------
// Measuring
// ------------------------------------------------------------------------------------------------

const routes = new Map();
const errors = [];
function record(route, ms, status, detail = "") {
  if (!routes.has(route)) routes.set(route, { latencies: [], errors: 0 });
  const entry = routes.get(route);
  entry.latencies.push(ms);
  if (!(status >= 200 && status < 400)) {
    entry.errors++;
    if (errors.length < 20) errors.push(`${route}: ${status} ${detail}`.slice(0, 300));
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: USERS + 5 });

/** One request over the shared keep-alive agent; resolves with the status and body (errors as status 0). */
function request(baseUrl, path, { method = "GET", cookie, body, type } = {}) {
  return new Promise((resolve) => {
    const headers = { cookie, origin: baseUrl, ...(body !== undefined ? { "content-type": type, "content-length": Buffer.byteLength(body) } : {}) };
    const req = http.request(new URL(path, baseUrl), { method, agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", (error) => resolve({ status: 0, body: error.message }));
    });
    req.on("error", (error) => resolve({ status: 0, body: error.message }));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

async function timed(route, baseUrl, path, options) {
  const started = process.hrtime.bigint();
  const response = await request(baseUrl, path, options);
  record(route, Number(process.hrtime.bigint() - started) / 1e6, response.status, response.status >= 400 || response.status === 0 ? response.body.slice(0, 200) : "");
  return response;
}

/** User plus system CPU time of a process in ms (Linux /proc; null for BENCH_URL). */
function cpuMs(pid) {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks, 100 per second on Linux
  } catch {
    return null;
  }
}

function rssSampler(pid) {
  const read = () => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  const baseline = read();
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, read())), 100);
  return { baseline, stop: () => (clearInterval(timer), peak) };
}

// ------------------------------------------------------------------------------------------------
// The stakeholder edit form, as the page renders it
// ------------------------------------------------------------------------------------------------

const decode = (text) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const attr = (tag, name) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]) : null;
};

/** The fields a browser would post from the form holding `marker`: inputs, checked boxes, selected options, text areas. */
export function formFields(html, marker) {
  const form = (html.match(/<form\b[\s\S]*?<\/form>/g) ?? []).find((f) => f.includes(marker));
  if (!form) return null;
  const fields = [];
  for (const tag of form.match(/<input\b[^>]*>/g) ?? []) {
    const name = attr(tag, "name");
    const type = attr(tag, "type") ?? "text";
    if (!name || type === "submit" || type === "button" || type === "file") continue;
    if ((type === "checkbox" || type === "radio") && !/\schecked(=|\s|\/|>)/.test(tag)) continue;
    fields.push([name, attr(tag, "value") ?? (type === "checkbox" ? "on" : "")]);
  }
  for (const [, open, content] of form.matchAll(/(<textarea\b[^>]*>)([\s\S]*?)<\/textarea>/g)) fields.push([attr(open, "name"), decode(content)]);
  for (const [, open, options] of form.matchAll(/(<select\b[^>]*>)([\s\S]*?)<\/select>/g)) {
    const all = options.match(/<option\b[^>]*>/g) ?? [];
    const chosen = all.find((o) => /\sselected(=|\s|\/|>)/.test(o)) ?? all[0];
    fields.push([attr(open, "name"), chosen ? (attr(chosen, "value") ?? "") : ""]);
  }
  return { action: decode(/<form\b[^>]*\saction="([^"]*)"/.exec(form)?.[1] ?? ""), fields };
}

// ------------------------------------------------------------------------------------------------
// One user
// ------------------------------------------------------------------------------------------------

const pick = (list) => list[Math.floor(Math.random() * list.length)];

async function userLoop(baseUrl, user, ids, end) {
  let saves = 0;
  while (Date.now() < end) {
    const roll = Math.random();
    const kind = Math.random() < 0.5 ? "stakeholders" : "properties";
    if (roll < 0.35) {
      const page = 1 + Math.floor(Math.random() * 10);
      await timed(`GET /${kind}`, baseUrl, `/${kind}${page > 1 ? `?page=${page}` : ""}`, { cookie: user.cookie });
    } else if (roll < 0.6) {
      await timed(`GET /${kind}?highlight= (detail)`, baseUrl, `/${kind}?highlight=${pick(ids[kind])}`, { cookie: user.cookie });
    } else if (roll < 0.85 || !user.saves) {
      await timed(`GET /${kind}?search=`, baseUrl, `/${kind}?search=${encodeURIComponent(pick(SEARCHES[kind]))}`, { cookie: user.cookie });
    } else {
      // Open the edit form of one of this user's own stakeholders and save it with a changed note.
      const id = user.own[saves++ % user.own.length];
      const page = await timed("GET /stakeholders?edit= (edit form)", baseUrl, `/stakeholders?edit=${id}`, { cookie: user.cookie });
      const form = page.status === 200 ? formFields(page.body, 'name="intent" value="update"') : null;
      if (!form) {
        record("POST /stakeholders (update)", 0, 0, `no edit form for ${id} (page answered ${page.status})`);
      } else {
        const fields = form.fields.map(([name, value]) => [name, name === "notes" ? `Checked by the load test at ${new Date().toISOString()}` : value]);
        const saved = await timed("POST /stakeholders (update)", baseUrl, form.action, {
          method: "POST",
          cookie: user.cookie,
          body: new URLSearchParams(fields).toString(),
          type: "application/x-www-form-urlencoded",
        });
        if (saved.status !== 302) record("POST /stakeholders (update) not redirected", 0, saved.status, saved.body.slice(0, 200));
      }
    }
    if (THINK_MS) await new Promise((r) => setTimeout(r, THINK_MS));
  }
}

// ------------------------------------------------------------------------------------------------
// The import: a CSV through POST /api/file/parse and POST /api/file/import (the job), as a script would
// ------------------------------------------------------------------------------------------------

function importCsv(rows) {
  const lines = ["Full Name,E-mail Address,Mobile,Postal Address,Member Type,Next Action"];
  for (let i = 1; i <= rows; i++) lines.push(`Load Test ${i},load${i}@example.com,04${String(20_000_000 + i).slice(-8)},${i} Bench St Emerald QLD 4720,Individual,Call about access`);
  return `${lines.join("\n")}\n`;
}

async function runImport(baseUrl, cookie, projectId, db) {
  const boundary = `----load${crypto.randomUUID()}`;
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\ncsv\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="load-test.csv"\r\nContent-Type: text/csv\r\n\r\n${importCsv(IMPORT_ROWS)}\r\n--${boundary}--\r\n`;
  const started = Date.now();
  const parsed = await timed("POST /api/file/parse (import)", baseUrl, `/api/file/parse?projectId=${projectId}`, { method: "POST", cookie, body, type: `multipart/form-data; boundary=${boundary}` });
  if (parsed.status !== 200) return { ok: false, reason: `parse answered ${parsed.status}` };
  const { dataKey } = JSON.parse(parsed.body);
  const mapping = { "Full Name": "name", "E-mail Address": "email", Mobile: "mobile", "Postal Address": "address", "Member Type": "memberType", "Next Action": "nextAction" };
  const queued = await timed("POST /api/file/import (import)", baseUrl, "/api/file/import", {
    method: "POST",
    cookie,
    body: JSON.stringify({ dataKey, importType: "stakeholders", mapping, projectId }),
    type: "application/json",
  });
  if (queued.status !== 202 && queued.status !== 200) return { ok: false, reason: `import answered ${queued.status}: ${queued.body.slice(0, 200)}` };
  const { importId } = JSON.parse(queued.body);
  for (;;) {
    const { rows } = await db.query("select status, counts from import_record where id = $1", [importId]);
    if (["completed", "failed"].includes(rows[0]?.status))
      return { ok: rows[0].status === "completed", importId, status: rows[0].status, counts: rows[0].counts, seconds: (Date.now() - started) / 1000 };
    await new Promise((r) => setTimeout(r, 500));
  }
}

// ------------------------------------------------------------------------------------------------
// The run
// ------------------------------------------------------------------------------------------------

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const app = await startApp({ port: PORT, env: { EMBEDDED_PG_PORT: String(PG_PORT) } });
const db = new pg.Client({ connectionString: process.env.BENCH_URL ? databaseUrl() : databaseUrl({ EMBEDDED_PG_PORT: String(PG_PORT), DATA_DIR: app.dataDir }) });
try {
  await db.connect();
  const dbUrl = process.env.BENCH_URL ? databaseUrl() : databaseUrl({ EMBEDDED_PG_PORT: String(PG_PORT), DATA_DIR: app.dataDir });
  const seeded = await seedLarge(dbUrl);
  const projectId = seeded.projectId;
  console.log(seeded.created ? `Seeded "${BENCH_PROJECT}" in ${seeded.seconds.toFixed(1)} s` : `"${BENCH_PROJECT}" exists (project ${projectId})`);
  const ids = {
    stakeholders: (await db.query("select id from stakeholder where project_id = $1 order by id limit 2000", [projectId])).rows.map((r) => r.id),
    properties: (await db.query("select id from property where project_id = $1 order by id limit 2000", [projectId])).rows.map((r) => r.id),
  };

  // Sign in every user (ten at a time) and select the project, as the dashboard's form does.
  const tSignIn = Date.now();
  const users = [];
  for (let i = 0; i < USERS; i += 10) {
    const batch = Array.from({ length: Math.min(10, USERS - i) }, async (_, j) => {
      const n = i + j;
      const account = ACCOUNTS[n % ACCOUNTS.length];
      const cookie = await signIn(app.baseUrl, account.login, PASSWORD);
      const selected = await request(app.baseUrl, "/?index", {
        method: "POST",
        cookie,
        body: new URLSearchParams({ intent: "select-project", projectId: String(projectId) }).toString(),
        type: "application/x-www-form-urlencoded",
      });
      if (selected.status !== 302) throw new Error(`${account.login}: selecting the project answered ${selected.status}`);
      // 20 stakeholders of its own to edit, disjoint from every other user's.
      return { cookie, saves: account.saves, own: ids.stakeholders.slice(n * 20, n * 20 + 20) };
    });
    users.push(...(await Promise.all(batch)));
  }
  console.log(`${users.length} users signed in through the bundled provider in ${((Date.now() - tSignIn) / 1000).toFixed(1)} s`);

  const sampler = app.pid ? rssSampler(app.pid) : null;
  const cpuBefore = cpuMs(app.pid);
  const loadBefore = os.loadavg()[0];
  const end = Date.now() + SECONDS * 1000;
  const tStart = Date.now();
  // The import starts a few seconds in, while every user is busy; its uploader is the owner (user 0), who keeps browsing meanwhile.
  const importing = new Promise((r) => setTimeout(r, Math.min(5000, (SECONDS * 1000) / 6))).then(() => runImport(app.baseUrl, users[0].cookie, projectId, db));
  await Promise.all(users.map((user) => userLoop(app.baseUrl, user, ids, end)));
  const elapsed = (Date.now() - tStart) / 1000;
  const cpuDuring = cpuBefore === null ? null : cpuMs(app.pid) - cpuBefore;
  const loadAfter = os.loadavg()[0];
  const imported = await importing;
  const peak = sampler?.stop() ?? null;
  if (!imported.ok) record("import job", 0, 0, imported.reason ?? imported.status);

  const rows = [...routes].map(([route, { latencies, errors: failed }]) => {
    const sorted = latencies.filter((ms) => ms > 0).sort((a, b) => a - b);
    return { route, requests: sorted.length, errors: failed, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  });
  rows.sort((a, b) => a.route.localeCompare(b.route));
  const total = rows.reduce((sum, r) => sum + r.requests, 0);
  const errorCount = rows.reduce((sum, r) => sum + r.errors, 0);

  console.log(`\n${USERS} users, ${SECONDS} s, think time ${THINK_MS} ms, Node ${process.version}: ${total} requests (${(total / elapsed).toFixed(0)} req/s), ${errorCount} errors`);
  // The app's own CPU per request hardly moves when other work shares the machine; req/s and latency do.
  if (cpuDuring !== null)
    console.log(
      `app CPU ${(cpuDuring / 1000).toFixed(1)} s over the run, ${(cpuDuring / total).toFixed(1)} ms per request; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (${os.cpus().length} CPUs)`,
    );
  console.log("");
  console.log("| route | requests | p50 ms | p95 ms | p99 ms | errors |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of rows) console.log(`| ${r.route} | ${r.requests} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.errors} |`);
  console.log(
    `\nimport of ${IMPORT_ROWS} rows: ${imported.ok ? `${imported.counts?.imported ?? "?"} imported in ${imported.seconds.toFixed(1)} s (upload to job finished)` : `FAILED (${imported.reason ?? imported.status})`}`,
  );
  if (peak !== null) console.log(`server RSS: ${(sampler.baseline / MB).toFixed(0)} MB before the run, peak ${(peak / MB).toFixed(0)} MB`);
  for (const e of errors) console.log(`error: ${e}`);

  fs.mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/load-${Date.now()}.json`;
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        users: USERS,
        seconds: SECONDS,
        thinkMs: THINK_MS,
        importRows: IMPORT_ROWS,
        total,
        errors: errorCount,
        rows,
        imported,
        rss: { baseline: sampler?.baseline ?? null, peak },
        appCpuMs: cpuDuring,
        loadAverage: [loadBefore, loadAfter],
      },
      null,
      2,
    ),
  );
  console.log(`\nWrote ${file}`);
  if (errorCount > 0) process.exitCode = 1;
} finally {
  agent.destroy();
  await db.end().catch(() => {});
  await app.stop();
}
