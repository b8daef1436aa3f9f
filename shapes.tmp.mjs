import fs from "node:fs";
import pg from "pg";
const log = fs.readFileSync("/tmp/pglog.txt", "utf8");
const parts = log.split(/\n(?=\d{4}-\d\d-\d\d \d)/);
const shapes = new Map();
for (const p of parts) {
  const m = /LOG:  statement: ([\s\S]*)/.exec(p); if (!m) continue;
  const sql = m[1].replace(/\n\d{4}-.*DETAIL:[\s\S]*$/, "");
  if (!/^\s*(with|select)/i.test(sql) || /pgboss|oidc_payload|pg_catalog|information_schema/.test(sql)) continue;
  const shape = sql.replace(/'(?:[^']|'')*'/g, "?").replace(/\b\d+\b/g, "N").replace(/\s+/g, " ").replace(/(asc|desc)/gi, "D");
  const e = shapes.get(shape) ?? { n: 0, samples: [] }; e.n++; if (e.samples.length < 4 && !e.samples.includes(sql)) e.samples.push(sql); shapes.set(shape, e);
}
const client = new pg.Client(process.env.URL); await client.connect();
const pid = (await client.query("select pg_backend_pid() as pid")).rows[0].pid;
const cpu = () => { const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return (Number(f[11]) + Number(f[12])) * 10; };
const out = [];
for (const [shape, e] of shapes) {
  if (e.n < 5) continue;
  let c = 0, runs = 0;
  for (const s of e.samples) { await client.query(s); const c0 = cpu(); for (let i = 0; i < 40; i++) await client.query(s); c += cpu() - c0; runs += 40; }
  const ord = (/order by ([^)]*?) (limit|\))/i.exec(e.samples[0]) ?? [])[1] ?? "";
  out.push({ sample: e.samples[0], n: e.n, ms: c / runs, shape: shape.slice(0, 60) + " ... " + ord.slice(0, 120) + (/ilike/.test(shape) ? " [search]" : "") });
}
out.sort((a, b) => b.n * b.ms - a.n * a.ms);
let k = 0; for (const o of out) if (o.ms > 6) fs.writeFileSync(`/tmp/slow-${++k}.sql`, o.sample + "\n-- " + o.ms.toFixed(2) + " ms, n=" + o.n + "\n");
for (const o of out.slice(0, 30)) console.log(String(o.n).padStart(6), o.ms.toFixed(2).padStart(7), "ms", o.shape);
await client.end();
