/**
 * Event-loop delay of the built app while it does its heaviest CPU work (docs/operations.md#off-the-request-path):
 * a 200-page land-title PDF uploaded to the import (POST /api/file/parse), and the first download of the
 * User Guide's PDF. The app runs with bench/event-loop-probe.mjs preloaded (NODE_OPTIONS=--import), which
 * measures the main thread's delay with monitorEventLoopDelay; meanwhile this script asks GET /healthz
 * every 20 ms and records how long each answer takes. Goal: max delay under 100 ms in every phase.
 *
 *   npm run build && npm run bench:event-loop     (BENCH_TITLE_PAGES=… changes the PDF's length)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { signIn, startApp } from "./lib.mjs";
import { longTitlePdf } from "./title-pdf.mjs";

const PAGES = Number(process.env.BENCH_TITLE_PAGES ?? 200);
const GOAL_MS = 100;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lr-bench-loop-"));
const probeFile = path.join(tmp, "probe.json");
const probe = fileURLToPath(new URL("./event-loop-probe.mjs", import.meta.url));

const app = await startApp({
  port: Number(process.env.BENCH_PORT ?? 3956),
  env: {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${probe}`.trim(),
    EVENT_LOOP_PROBE_FILE: probeFile,
    ...(process.env.BENCH_PG_PORT ? { EMBEDDED_PG_PORT: process.env.BENCH_PG_PORT } : {}),
  },
});

async function snapshot() {
  fs.rmSync(probeFile, { force: true });
  process.kill(app.pid, "SIGUSR2");
  for (let i = 0; i < 100 && !fs.existsSync(probeFile); i++) await new Promise((r) => setTimeout(r, 20));
  return JSON.parse(fs.readFileSync(probeFile, "utf8"));
}

/** Runs `work` while /healthz is asked every 20 ms; the server's delay figures and the slowest answers. */
async function phase(name, work) {
  await snapshot(); // starts the server's histogram afresh
  const pings = [];
  let running = true;
  const pinger = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${app.baseUrl}/healthz`).then((r) => r.arrayBuffer());
      pings.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const outcome = await work();
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await pinger;
  const delay = await snapshot();
  pings.sort((a, b) => a - b);
  return { name, seconds, outcome, delay, slowestPingMs: Math.round(pings.at(-1) ?? 0), pings: pings.length };
}

const results = [];
try {
  const cookie = await signIn(app.baseUrl, "officer@demo-consultancy.local", "demo-pass-2026");
  const projects = await (await fetch(`${app.baseUrl}/api/projects`, { headers: { cookie } })).json();
  const projectId = projects.find((p) => p.name === "Western Pipeline Stage 2").id;
  const pdf = await longTitlePdf(PAGES);

  results.push(await phase("idle, 2 s", () => new Promise((r) => setTimeout(() => r("-"), 2000))));
  results.push(
    await phase(`title PDF, ${PAGES} pages (${(pdf.length / 1024).toFixed(0)} KB): POST /api/file/parse`, async () => {
      const body = new FormData();
      body.append("importType", "properties");
      body.append("file", new Blob([pdf], { type: "application/pdf" }), "titles.pdf");
      const response = await fetch(`${app.baseUrl}/api/file/parse?projectId=${projectId}`, { method: "POST", headers: { cookie, origin: app.baseUrl }, body });
      const json = await response.json();
      return `${response.status}, ${json.totalRows ?? json.error ?? json.message} rows`;
    }),
  );
  results.push(
    await phase("first User Guide PDF: GET /api/documentation/download-pdf/user-guide", async () => {
      const response = await fetch(`${app.baseUrl}/api/documentation/download-pdf/user-guide`, { headers: { cookie } });
      return `${response.status}, ${((await response.arrayBuffer()).byteLength / 1024).toFixed(0)} KB`;
    }),
  );
} finally {
  await app.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}

console.log(`\n| phase | seconds | answer | loop delay p50 / p99 / max (ms) | slowest /healthz (ms) |`);
console.log("|---|---:|---|---:|---:|");
for (const r of results) console.log(`| ${r.name} | ${r.seconds.toFixed(2)} | ${r.outcome} | ${r.delay.p50} / ${r.delay.p99} / **${r.delay.max}** | ${r.slowestPingMs} |`);
const worst = Math.max(...results.map((r) => r.delay.max));
console.log(`\nworst event-loop delay: ${worst} ms (goal < ${GOAL_MS} ms)`);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(`bench/results/event-loop-${Date.now()}.json`, JSON.stringify(results, null, 2));
process.exit(worst < GOAL_MS ? 0 : 1);
