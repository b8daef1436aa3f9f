/**
 * Benchmark helpers: start the built app on an empty data folder (or use BENCH_URL), sign in
 * through the bundled OpenID Connect provider like a browser, and drive bounded loopback load.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export async function startApp({ port = 3950, env = {} } = {}) {
  if (process.env.BENCH_URL) return { baseUrl: process.env.BENCH_URL.replace(/\/$/, ""), stop: async () => {}, pid: null };
  if (!fs.existsSync("build/index.js")) throw new Error("Build the app first: npm run build");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-bench-"));
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=bench/results/profiles" profiles the app under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "--expose-gc", "build/index.js"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port + 50000), NODE_ENV: "production", LOCAL_SIGN_IN: "true", SINGLE_INSTANCE: "true", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // The app writes a JSON access line per request to stdout: read it (and drop it unless a caller
  // listens too), or a full pipe would stall the app once 64 KB are waiting.
  child.stdout.resume();
  /** Resolves with the process's exit code and signal. */
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  let hasExited = false;
  exited.then(() => (hasExited = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (hasExited) throw new Error(`The app exited while starting (${JSON.stringify(await exited)})`);
    if (Date.now() > deadline) throw new Error("The app did not start within 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    pid: child.pid,
    child,
    dataDir,
    exited,
    async stop() {
      if (!hasExited) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The floor the list pages are compared with: bench/bare-express.mjs, a bare Express app with one
 * route, in its own process on `port` (NODE_ENV=production, like the app).
 */
export async function startBareExpress({ port = 3952 } = {}) {
  const child = spawn(process.execPath, [fileURLToPath(new URL("./bare-express.mjs", import.meta.url)), String(port)], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  let hasExited = false;
  exited.then(() => (hasExited = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (hasExited) throw new Error(`The bare Express app exited while starting (${JSON.stringify(await exited)})`);
    if (Date.now() > deadline) throw new Error("The bare Express app did not start within 30 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: child.pid,
    async stop() {
      if (!hasExited) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A tiny cookie jar over fetch with manual redirects, enough for the sign-in flow. */
function cookieJar() {
  const cookies = new Map();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    store(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const i = pair.indexOf("=");
        cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1));
      }
    },
  };
}

export async function signIn(baseUrl, login, password) {
  const jar = cookieJar();
  const origin = new URL(baseUrl).origin;
  let url = `${baseUrl}/api/login`;
  let response;
  for (let hops = 0; hops < 10; hops++) {
    response = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(response);
    if (response.status < 300 || response.status >= 400) break;
    url = new URL(response.headers.get("location"), url).toString();
  }
  const html = await response.text();
  const action = html.match(/<form method="post" action="([^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
  if (!action) throw new Error("No sign-in form found");
  response = await fetch(new URL(action, url), {
    method: "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ email: login, password }),
  });
  jar.store(response);
  url = new URL(response.headers.get("location"), url).toString();
  for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
    response = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(response);
    if (response.headers.get("location")) url = new URL(response.headers.get("location"), url).toString();
  }
  const cookie = jar.header();
  if (!cookie.includes("lr_session=")) throw new Error("Sign-in did not produce a session");
  return cookie;
}

/**
 * `connections` parallel keep-alive clients for `seconds`; returns latency percentiles (ms).
 * `urls` is one URL, or a list of URLs taken in turn (request n gets `urls[n % urls.length]`, across
 * all connections), so that a run can send requests that differ.
 */
export async function load(urls, { connections = 20, seconds = 10, headers = {} } = {}) {
  const list = Array.isArray(urls) ? urls : [urls];
  let sent = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const url = list[sent++ % list.length];
      const started = process.hrtime.bigint();
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode !== 200) errors++;
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) await one();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { requests: latencies.length, errors, rps: latencies.length / seconds, p50: pct(50), p95: pct(95), p975: pct(97.5), p99: pct(99) };
}

/**
 * A Markdown table of load results. With `baseline` (the bare route's row from the same run) each
 * row also shows its rate as a share of the bare route's; rows with `single` show the median of
 * requests sent one at a time (the latency of one request with nothing else running).
 */
export function printTable(rows, { baseline } = {}) {
  const ratio = (r) => (baseline ? ` ${((100 * r.rps) / baseline.rps).toFixed(1)} % |` : "");
  const single = rows.some((r) => r.single);
  console.log(`| scenario | requests | req/s |${baseline ? " of bare route |" : ""} p50 ms | p95 ms | p97.5 ms | p99 ms |${single ? " alone p50 ms |" : ""} errors |`);
  console.log(`|---|---:|---:|${baseline ? "---:|" : ""}---:|---:|---:|---:|${single ? "---:|" : ""}---:|`);
  for (const r of rows) {
    const alone = single ? ` ${r.single ? r.single.p50.toFixed(1) : "-"} |` : "";
    console.log(`| ${r.name} | ${r.requests} | ${r.rps.toFixed(0)} |${ratio(r)} ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p975.toFixed(1)} | ${r.p99.toFixed(1)} |${alone} ${r.errors} |`);
  }
}

/**
 * Streams the first `bytes` of `file` (all of it by default) to `url` as a multipart form (`fields` first,
 * then the file), as a browser uploads it, without reading it into memory; resolves with the answer's JSON
 * when its status is `expect`.
 */
export function postMultipart(url, cookie, file, { fields, fileName = path.basename(file), contentType, bytes = fs.statSync(file).size, expect = 200, origin }) {
  const boundary = `----bench${crypto.randomUUID()}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = Buffer.from(`${parts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const headers = { cookie, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": head.length + bytes + tail.length, ...(origin ? { origin } : {}) };
    const req = http.request(url, { method: "POST", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => (res.statusCode === expect ? resolve(JSON.parse(body)) : reject(new Error(`${url.pathname} answered ${res.statusCode}: ${body}`))));
    });
    req.on("error", reject);
    req.write(head);
    const stream = fs.createReadStream(file, { end: bytes - 1 });
    stream.on("end", () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

/** Streams `file` to `POST /api/file/parse` (see postMultipart); resolves with the parse answer's JSON. */
export function uploadForParse(baseUrl, cookie, projectId, file, { fields, fileName, contentType }) {
  return postMultipart(new URL(`/api/file/parse?projectId=${projectId}`, baseUrl), cookie, file, { fields, fileName, contentType, origin: baseUrl });
}

/** mulberry32: small, fast and deterministic, so generated data is the same in every run. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A picker from `list` weighted 1/(rank + 1 + offset), drawing from `rng`: a few names are common, most are rare. */
export function ranked(list, offset, rng) {
  const cumulative = [];
  let total = 0;
  list.forEach((_, i) => cumulative.push((total += 1 / (i + 1 + offset))));
  return () => {
    const x = rng() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return list[lo];
  };
}
