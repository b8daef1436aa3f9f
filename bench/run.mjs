/**
 * Page benchmarks at 20 concurrent connections over loopback (bounded in time), with a bare
 * Express route (/healthz) measured in the same run for comparison.
 *   npm run build && npm run bench        (BENCH_SECONDS=10 by default; BENCH_URL to target a running app)
 */
import fs from "node:fs";
import { load, printTable, signIn, startApp } from "./lib.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const app = await startApp();
try {
  const cookie = await signIn(app.baseUrl, "officer@demo-consultancy.local", "demo-pass-2026");
  const projects = await (await fetch(`${app.baseUrl}/api/projects`, { headers: { cookie } })).json();
  const projectId = projects.find((p) => p.name === "Western Pipeline Stage 2")?.id;
  await fetch(`${app.baseUrl}/?index`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
    body: new URLSearchParams({ intent: "select-project", projectId: String(projectId) }),
  });
  const scenarios = [
    { name: "bare Express route (/healthz)", path: "/healthz", headers: {} },
    { name: "landing page, signed out (/)", path: "/", headers: {} },
    { name: "dashboard, signed in (/)", path: "/", headers: { cookie } },
    { name: "GET /api/projects", path: "/api/projects", headers: { cookie } },
  ];
  const rows = [];
  for (const scenario of scenarios) {
    await load(app.baseUrl + scenario.path, { connections, seconds: 1, headers: scenario.headers }); // warm-up
    rows.push({ name: scenario.name, ...(await load(app.baseUrl + scenario.path, { connections, seconds, headers: scenario.headers })) });
  }
  console.log(`\n${connections} connections, ${seconds} s per scenario, Node ${process.version}\n`);
  printTable(rows);
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(`bench/results/pages-${Date.now()}.json`, JSON.stringify(rows, null, 2));
} finally {
  await app.stop();
}
