import fs from "node:fs";
import pg from "pg";
const client = new pg.Client(process.env.URL);
await client.connect();
const { rows } = await client.query("select pg_backend_pid() as pid");
const pid = rows[0].pid;
const cpu = () => { const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return (Number(f[11]) + Number(f[12])) * 10; };
for (const name of process.argv.slice(2)) {
  const sql = fs.readFileSync(`/tmp/q-${name}.sql`, "utf8");
  for (let i = 0; i < 50; i++) await client.query(sql);
  const c0 = cpu(), t0 = performance.now(), N = 1000;
  for (let i = 0; i < N; i++) await client.query(sql);
  console.log(name, "backend CPU ms/query", ((cpu() - c0) / N).toFixed(2), "wall ms/query", ((performance.now() - t0) / N).toFixed(2));
}
await client.end();
