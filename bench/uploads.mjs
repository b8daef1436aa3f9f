/**
 * Upload and download throughput of a 45 MB PDF-like file through the real app, and the server's
 * peak resident memory while the bytes flow. Uploads stream to the object store and downloads stream
 * from it, so the peak must stay far below the file size. That needs the server started with
 * `--expose-gc` (startApp passes it; see app/utils/streamed-garbage.server.ts): without it the
 * 45 MB upload grew the server by 31–32 MB instead of 3 MB, and this script fails.
 *
 *   npm run build && npm run bench:uploads          (BENCH_URL=… to use a running app; RSS is then not sampled)
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { postMultipart, signIn, startApp } from "./lib.mjs";

const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 45) * 1024 * 1024;
const MB = 1024 * 1024;

function rssSampler(pid) {
  let peak = 0;
  let baseline = 0;
  const read = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
      return kb * 1024;
    } catch {
      return 0;
    }
  };
  return {
    start() {
      baseline = read();
      peak = baseline;
      this.timer = setInterval(() => (peak = Math.max(peak, read())), 50);
    },
    stop() {
      clearInterval(this.timer);
      return { baseline, peak };
    },
  };
}

async function makeFile(file) {
  const out = fs.createWriteStream(file);
  out.write("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  let written = 17;
  const block = crypto.randomBytes(MB);
  while (written < SIZE) {
    const n = Math.min(MB, SIZE - written);
    if (!out.write(block.subarray(0, n))) await new Promise((r) => out.once("drain", r));
    written += n;
  }
  await new Promise((r) => out.end(r));
  return fs.statSync(file).size;
}

function upload(baseUrl, cookie, projectId, file, size, limit = size) {
  return postMultipart(new URL(`/api/documents/upload?projectId=${projectId}`, baseUrl), cookie, file, {
    fields: { category: "technical" },
    fileName: "bench-45mb.pdf",
    contentType: "application/pdf",
    bytes: limit,
    expect: 201,
  });
}

function download(baseUrl, cookie, projectId, id) {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(`/api/documents/${id}/download?projectId=${projectId}`, baseUrl), { headers: { cookie } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`Download failed: ${res.statusCode}`));
        let bytes = 0;
        res.on("data", (c) => (bytes += c.length));
        res.on("end", () => resolve({ bytes, disposition: res.headers["content-disposition"] }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

async function remove(baseUrl, cookie, projectId, id) {
  const res = await fetch(`${baseUrl}/api/documents/${id}?projectId=${projectId}`, { method: "DELETE", headers: { cookie, origin: baseUrl } });
  if (!res.ok) throw new Error(`Delete failed: ${res.status} ${await res.text()}`);
}

const app = await startApp({ port: Number(process.env.BENCH_PORT ?? 3952), env: process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {} });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lr-bench-upload-"));
try {
  const cookie = await signIn(app.baseUrl, "owner@demo-consultancy.local", "demo-pass-2026");
  const projects = await (await fetch(`${app.baseUrl}/api/projects`, { headers: { cookie } })).json();
  const project = projects.find((p) => p.name === "Western Pipeline Stage 2");
  if (!project) throw new Error("Demo project not found");
  // Select it as a user would on the dashboard (the session then knows it too).
  await fetch(`${app.baseUrl}/?index`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: app.baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ projectId: String(project.id) }),
  });

  const file = path.join(tmp, "bench-45mb.pdf");
  const size = await makeFile(file);
  const sampler = app.pid ? rssSampler(app.pid) : null;

  const timed = async (run) => {
    sampler?.start();
    const t = process.hrtime.bigint();
    const result = await run();
    return { result, seconds: Number(process.hrtime.bigint() - t) / 1e9, mem: sampler?.stop() };
  };
  // Warm up first (code paths compiled, store connection and bucket checked), as on a running server.
  const warm = await upload(app.baseUrl, cookie, project.id, file, size, 1 * MB);
  await remove(app.baseUrl, cookie, project.id, warm.id);
  const up = await timed(() => upload(app.baseUrl, cookie, project.id, file, size));
  const down = await timed(() => download(app.baseUrl, cookie, project.id, up.result.id));
  if (down.result.bytes !== size) throw new Error(`Downloaded ${down.result.bytes} bytes, expected ${size}`);
  // Two users at once (the demo client's free plan holds 100 MB): memory is bounded per process,
  // not per upload.
  await remove(app.baseUrl, cookie, project.id, up.result.id);
  const parallel = await timed(() => Promise.all([1, 2].map(() => upload(app.baseUrl, cookie, project.id, file, size))));

  const mb = (n) => (n / MB).toFixed(1);
  console.log(`file: ${mb(size)} MB (${size} bytes), store: ${process.env.S3_ENDPOINT ? "S3" : "local folder"}`);
  console.log("| transfer | seconds | MB/s | server RSS before | server peak RSS | peak − before |");
  console.log("|---|---:|---:|---:|---:|---:|");
  const rows = [
    ["upload", up, size],
    ["download", down, size],
    ["2 uploads in parallel", parallel, 2 * size],
  ];
  for (const [name, { seconds, mem }, bytes] of rows) {
    console.log(
      `| ${name} | ${seconds.toFixed(2)} | ${(bytes / MB / seconds).toFixed(1)} | ${mem ? mb(mem.baseline) + " MB" : "n/a"} | ${mem ? mb(mem.peak) + " MB" : "n/a"} | ${mem ? mb(mem.peak - mem.baseline) + " MB" : "n/a"} |`,
    );
  }
  fs.mkdirSync("bench/results", { recursive: true });
  const resultFile = `bench/results/uploads-${Date.now()}.json`;
  const record = rows.map(([name, { seconds, mem }, bytes]) => ({ name, bytes, seconds, rssBefore: mem?.baseline ?? null, rssPeak: mem?.peak ?? null }));
  fs.writeFileSync(resultFile, JSON.stringify({ date: new Date().toISOString(), node: process.version, store: process.env.S3_ENDPOINT ? "s3" : "local", size, rows: record }, null, 2));
  console.log(`\nWrote ${resultFile}`);
  // "Far below the file size": holding the file would add at least its size; streaming costs a few
  // MB of buffers (see app/utils/streamed-garbage.server.ts). Fail past a quarter of the file.
  const growth = Math.max(...rows.map(([, { mem }]) => (mem ? mem.peak - mem.baseline : 0)));
  if (app.pid && growth > size / 4) {
    console.error(`Server memory grew by ${mb(growth)} MB during a ${mb(size)} MB transfer: more than a quarter of the file`);
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
  await app.stop();
}
