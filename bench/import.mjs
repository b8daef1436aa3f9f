/**
 * Import of 100,000 stakeholder rows from a generated CSV through the real app (docs/import.md#the-import-job): uploaded to
 * POST /api/file/parse (streamed, staged in PostgreSQL), mapped and committed by POST /api/file/import
 * (the pg-boss job: one transaction, batched inserts, one audit row per record), against `COPY` of the
 * same rows into the same table of the same database in the same run. Reports the ratio of the
 * commit to COPY and the server's peak RSS (goal: within 5× of COPY, under 400 MB).
 *
 *   npm run build && npm run bench:import        (BENCH_IMPORT_ROWS=… to change the row count)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { doubleMetaphone } from "double-metaphone";
import pg from "pg";
import { prng, ranked, signIn, startApp, uploadForParse } from "./lib.mjs";
import { databaseUrl } from "./seed-large.mjs";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const MB = 1024 * 1024;
const HEADER = ["Full Name", "E-mail Address", "Mobile", "Postal Address", "Member Type", "Next Action", "Next Action Due", "Notes"];
const MAPPING = {
  "Full Name": "name",
  "E-mail Address": "email",
  Mobile: "mobile",
  "Postal Address": "address",
  "Member Type": "memberType",
  "Next Action": "nextAction",
  "Next Action Due": "nextActionDueDate",
  Notes: "notes",
};
const FIRST = [
  "Margaret",
  "Tom",
  "Aroha",
  "Greg",
  "Priya",
  "Liam",
  "Mei",
  "Sione",
  "Kate",
  "Ahmed",
  "John",
  "Sarah",
  "David",
  "Emma",
  "Peter",
  "Olivia",
  "Michael",
  "Grace",
  "Robert",
  "Chloe",
  "James",
  "Ruby",
  "Andrew",
  "Zoe",
  "Ian",
  "Hannah",
  "Wei",
  "Fatima",
  "Brendan",
  "Leilani",
];
const STREETS = ["Creek Rd", "Station St", "Boundary Rd", "Mill Lane", "Range View Dr", "Gully Rd", "Bridge St", "Wattle Ave"];
const TOWNS = [
  "Emerald QLD 4720",
  "Dalby QLD 4405",
  "Roma QLD 4455",
  "Moree NSW 2400",
  "Dubbo NSW 2830",
  "Horsham VIC 3400",
  "Mildura VIC 3500",
  "Gladstone QLD 4680",
  "Chinchilla QLD 4413",
  "Goondiwindi QLD 4390",
  "Narrabri NSW 2390",
  "Swan Hill VIC 3585",
  "Biloela QLD 4715",
];
const BUSINESS_SUFFIXES = ["Pastoral Co", "Holdings Pty Ltd", "Farming Trust", "Grazing Pty Ltd"];

/**
 * Surnames as a register of landholders has them: many distinct ones, a few common. 3,000 made-up names from
 * syllables, each with its own sound (Double Metaphone code, what duplicate detection blocks on), drawn with
 * weight 1/(rank + 20), so the commonest is about 1 % of rows (as "Smith" is in Australia). Duplicate
 * detection compares rows that share a surname's sound and first initial (a business: its first word), so a
 * generator with a few names, or names that sound alike, would measure block sizes no real file has.
 */
const SYLLABLES = ["ka", "mo", "ren", "tal", "vi", "dor", "sen", "bra", "lu", "wick", "har", "po", "ell", "gan", "stro", "mi", "fen", "ruth", "co", "ban", "jes", "quil", "zan", "tho", "nug"];
const SURNAMES = (() => {
  const names = [];
  const sounds = new Set();
  for (let n = 0; names.length < 3000 && n < SYLLABLES.length ** 3; n++) {
    const word = SYLLABLES[n % 25] + SYLLABLES[Math.floor(n / 25) % 25] + (n >= 625 ? SYLLABLES[Math.floor(n / 625) % 25] : "");
    const sound = doubleMetaphone(word)[0];
    if (sounds.has(sound)) continue;
    sounds.add(sound);
    names.push(word[0].toUpperCase() + word.slice(1));
  }
  return names;
})();
/** Every run writes the same file. */
const rng = prng(2026);
const pickSurname = ranked(SURNAMES, 19, rng);

/** Most landholders are people: 70 % individuals, 20 % businesses, 7 % organisations, 3 % government. */
const typeOf = (i) => {
  const share = i % 100;
  return share < 70 ? "Individual" : share < 90 ? "Business" : share < 97 ? "Organisation" : "Government";
};

function row(i) {
  const type = typeOf(i);
  const name = type === "Individual" ? `${FIRST[Math.floor(rng() * FIRST.length)]} ${pickSurname()}` : `${pickSurname()} ${BUSINESS_SUFFIXES[i % 4]}`;
  const day = (i % 28) + 1;
  const month = (i % 12) + 1;
  return {
    csv: [
      name,
      `person${i}@example.com`,
      `04${String(10_000_000 + i).slice(-8)}`,
      `${(i % 997) + 1} ${STREETS[Math.floor(i / 997) % STREETS.length]}, ${TOWNS[Math.floor(i / 7976) % TOWNS.length]}`,
      type,
      "Call about access",
      `${day}/${month}/2027`,
      "Imported for the benchmark",
    ],
    stored: {
      name,
      memberType: type === "Organisation" ? "Organization" : type,
      due: `2027-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    },
  };
}

const csvField = (value) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

async function writeFiles(dir, userId, projectId) {
  const importFile = path.join(dir, "landholders.csv");
  const copyFile = path.join(dir, "copy.csv");
  const a = fs.createWriteStream(importFile);
  const b = fs.createWriteStream(copyFile);
  a.write(`${HEADER.join(",")}\n`);
  for (let i = 1; i <= ROWS; i++) {
    const { csv, stored } = row(i);
    const copy = [userId, projectId, stored.name, csv[1], csv[2], csv[3], stored.memberType, csv[5], stored.due, csv[7]];
    const okA = a.write(`${csv.map(csvField).join(",")}\n`);
    const okB = b.write(`${copy.map((v) => csvField(String(v))).join(",")}\n`);
    if (!okA) await new Promise((r) => a.once("drain", r));
    if (!okB) await new Promise((r) => b.once("drain", r));
  }
  await Promise.all([new Promise((r) => a.end(r)), new Promise((r) => b.end(r))]);
  // The embedded PostgreSQL reads the COPY file itself (it may run as another user).
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(copyFile, 0o644);
  return { importFile, copyFile, bytes: fs.statSync(importFile).size };
}

function rssSampler(pid) {
  let peak = 0;
  let timer;
  const read = () => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  return {
    baseline: read(),
    start() {
      peak = read();
      timer = setInterval(() => (peak = Math.max(peak, read())), 50);
    },
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;

const port = Number(process.env.BENCH_PORT ?? 3954);
const app = await startApp({ port });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lr-bench-import-"));
const db = new pg.Client({ connectionString: process.env.BENCH_URL ? databaseUrl() : databaseUrl({ ...process.env, EMBEDDED_PG_PORT: String(port + 50000), DATA_DIR: app.dataDir }) });
try {
  await db.connect();
  const cookie = await signIn(app.baseUrl, "owner@demo-consultancy.local", "demo-pass-2026");
  const projects = await (await fetch(`${app.baseUrl}/api/projects`, { headers: { cookie } })).json();
  const project = projects.find((p) => p.name === "Western Pipeline Stage 2");
  if (!project) throw new Error("Demo project not found");
  const { rows: users } = await db.query("select id from \"user\" where email = 'owner@demo-consultancy.local'");
  const userId = users[0].id;
  const t0 = process.hrtime.bigint();
  const files = await writeFiles(tmp, userId, project.id);
  console.log(`generated ${ROWS.toLocaleString()} rows (${(files.bytes / MB).toFixed(1)} MB of CSV) in ${seconds(t0).toFixed(1)} s`);

  // COPY: the same rows, already in stored form, into the same table (same indexes), then removed.
  // Run before and after the import; the faster of the two is the baseline (the stricter ratio).
  const copyOnce = async () => {
    const before = (await db.query("select count(*)::int as n from stakeholder")).rows[0].n;
    const tCopy = process.hrtime.bigint();
    await db.query(`copy stakeholder (user_id, project_id, name, email, mobile, address, member_type, next_action, next_action_due_date, notes) from '${files.copyFile}' with (format csv)`);
    const copied = seconds(tCopy);
    await db.query("delete from stakeholder where id > (select max(id) - $1 from stakeholder)", [ROWS]);
    if ((await db.query("select count(*)::int as n from stakeholder")).rows[0].n !== before) throw new Error("COPY rows were not removed");
    await db.query("vacuum analyze stakeholder");
    return copied;
  };
  const copyTimes = [await copyOnce()];

  const sampler = app.pid ? rssSampler(app.pid) : null;
  sampler?.start();
  const tParse = process.hrtime.bigint();
  const parsed = await uploadForParse(app.baseUrl, cookie, project.id, files.importFile, { fields: { fileType: "csv" }, fileName: "landholders.csv", contentType: "text/csv" });
  const parseSeconds = seconds(tParse);
  if (parsed.totalRows !== ROWS) throw new Error(`Staged ${parsed.totalRows} rows, expected ${ROWS}`);

  const tImport = process.hrtime.bigint();
  const response = await fetch(`${app.baseUrl}/api/file/import`, {
    method: "POST",
    headers: { cookie, origin: app.baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ dataKey: parsed.dataKey, importType: "stakeholders", mapping: MAPPING, projectId: project.id }),
  });
  let result = await response.json();
  if (response.status === 202) {
    for (;;) {
      const { rows } = await db.query("select status, counts from import_record where id = $1", [result.importId]);
      if (["completed", "failed"].includes(rows[0].status)) {
        result = { importId: result.importId, status: rows[0].status, ...rows[0].counts };
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } else if (!response.ok) throw new Error(`Import failed: ${response.status} ${JSON.stringify(result)}`);
  const requestSeconds = seconds(tImport);
  const peak = sampler?.stop() ?? null;
  if (result.imported !== ROWS) throw new Error(`Imported ${result.imported}, expected ${ROWS}: ${JSON.stringify(result)}`);
  const { rows: records } = await db.query("select extract(epoch from finished_at - started_at)::float as job_seconds from import_record where id = $1", [result.importId]);
  const jobSeconds = records[0].job_seconds;
  copyTimes.push(await copyOnce());
  const copySeconds = Math.min(...copyTimes);

  const ratio = jobSeconds / copySeconds;
  console.log(`\n| step | seconds | rows/s |`);
  console.log("|---|---:|---:|");
  console.log(`| COPY into stakeholder (faster of ${copyTimes.map((t) => t.toFixed(2)).join(" s and ")} s) | ${copySeconds.toFixed(2)} | ${Math.round(ROWS / copySeconds).toLocaleString()} |`);
  console.log(`| upload + parse + stage (POST /api/file/parse) | ${parseSeconds.toFixed(2)} | ${Math.round(ROWS / parseSeconds).toLocaleString()} |`);
  console.log(`| commit job (started → finished) | ${jobSeconds.toFixed(2)} | ${Math.round(ROWS / jobSeconds).toLocaleString()} |`);
  console.log(`| POST /api/file/import (queue + job + answer) | ${requestSeconds.toFixed(2)} | ${Math.round(ROWS / requestSeconds).toLocaleString()} |`);
  console.log(`\ncommit / COPY: ${ratio.toFixed(2)}× (goal ≤ 5×)`);
  if (peak !== null) console.log(`server RSS: ${(sampler.baseline / MB).toFixed(0)} MB at start, peak ${(peak / MB).toFixed(0)} MB during upload and import (goal < 400 MB)`);

  fs.mkdirSync("bench/results", { recursive: true });
  const resultFile = `bench/results/import-${Date.now()}.json`;
  fs.writeFileSync(
    resultFile,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        rows: ROWS,
        csvBytes: files.bytes,
        copySeconds,
        copyTimes,
        parseSeconds,
        jobSeconds,
        requestSeconds,
        ratio,
        rssBaseline: sampler?.baseline ?? null,
        rssPeak: peak,
      },
      null,
      2,
    ),
  );
  console.log(`\nWrote ${resultFile}`);
  if (ratio > 5 || (peak !== null && peak > 400 * MB)) process.exitCode = 1;
} finally {
  await db.end().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
  await app.stop();
}
