/**
 * EXPLAIN ANALYZE of the /stakeholders page's one query (rows, linked properties, count and tiles) on
 * "Benchmark Project" (bench/seed-large.mjs): the default sort, the next-action priority sort, a common
 * surname, short and dense searches and a late page. The SQL is the app's own (`stakeholderPageQuery`
 * in app/modules/stakeholder/stakeholder-list.server.ts, loaded through tsx). Prints each query's
 * execution time; PLANS=1 prints the plans too.
 *
 *   npm run build && node bench/explain-stakeholders.mjs     (starts the app on an empty data folder and seeds it)
 *   DATABASE_URL=postgresql://… node bench/explain-stakeholders.mjs   (an existing database; seeds it if needed)
 */
import pg from "pg";
import { startApp } from "./lib.mjs";
import { BENCH_PROJECT, COMMON_SURNAME, databaseUrl, seedLarge } from "./seed-large.mjs";

const { tsImport } = await import("tsx/esm/api");
const { stakeholderPageQuery } = await tsImport(new URL("../app/modules/stakeholder/stakeholder-list.server.ts", import.meta.url).href, import.meta.url);

const external = process.env.DATABASE_URL;
const port = Number(process.env.BENCH_PORT ?? 3953);
const app = external ? null : await startApp({ port });
try {
  const url = external ?? databaseUrl({ EMBEDDED_PG_PORT: String(port + 50000), DATA_DIR: app.dataDir });
  await seedLarge(url);
  const client = new pg.Client(url);
  await client.connect();
  try {
    const [project] = (await client.query("select id from project where name = $1", [BENCH_PROJECT])).rows;
    const access = { project: { id: project.id } };
    const page = { limit: 25, offset: 0, properties: 2 };
    const cases = [
      ["page 1, name order", page],
      ["page 1, next-action priority", { ...page, sort: "priority" }],
      [`search '${COMMON_SURNAME}'`, { ...page, search: COMMON_SURNAME }],
      ["search 'son' (dense, three letters)", { ...page, search: "son" }],
      ["search 'e' (shorter than a trigram)", { ...page, search: "e" }],
      ["page 200, name order", { ...page, offset: 4975 }],
    ];
    for (const [label, options] of cases) {
      const { sql, params } = stakeholderPageQuery(access, options);
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${++n}`);
      await client.query(text, params); // warm
      const lines = (await client.query(`explain (analyze, buffers) ${text}`, params)).rows.map((r) => r["QUERY PLAN"]);
      console.log(`\n## ${label}: ${lines.filter((l) => /^(Planning|Execution) Time/.test(l)).join(", ")}`);
      if (process.env.PLANS) console.log(lines.join("\n"));
    }
  } finally {
    await client.end();
  }
} finally {
  await app?.stop();
}
