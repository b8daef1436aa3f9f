/**
 * Upload and download throughput of a 45 MB PDF-like file through the real app, and the server's
 * peak resident memory while the bytes flow. Uploads stream to the object store and downloads stream
 * from it, so the peak must stay far below the file size.
 *
 *   npm run build && npm run bench:uploads          (BENCH_URL=… to use a running app; RSS is then not sampled)
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { signIn, startApp } from "./lib.mjs";

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

function upload(baseUrl, cookie, projectId, file, size) {
  const boundary = `----bench${crypto.randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\ntechnical\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-45mb.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`/api/documents/upload?projectId=${projectId}`, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": head.length + size + tail.length } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => (res.statusCode === 201 ? resolve(JSON.parse(body)) : reject(new Error(`Upload failed: ${res.statusCode} ${body}`))));
    });
    req.on("error", reject);
    req.write(head);
    const stream = fs.createReadStream(file);
    stream.on("end", () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

function download(baseUrl, cookie, projectId, id) {
  return new Promise((resolve, reject) => {
    http.get(new URL(`/api/documents/${id}/download?projectId=${projectId}`, baseUrl), { headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`Download failed: ${res.statusCode}`));
      let bytes = 0;
      res.on("data", (c) => (bytes += c.length));
      res.on("end", () => resolve({ bytes, disposition: res.headers["content-disposition"] }));
      res.on("error", reject);
    }).on("error", reject);
  });
}

const app = await startApp({ port: Number(process.env.BENCH_PORT ?? 3952), env: process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {} });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lr-bench-upload-"));
try {
  const cookie = await signIn(app.baseUrl, "owner@demo-consultancy.local", "demo-pass-2026");
  const projects = await (await fetch(`${app.baseUrl}/api/projects`, { headers: { cookie } })).json();
  const project = projects.find((p) => p.name === "Western Pipeline Stage 2");
  if (!project) throw new Error("Demo project not found");
  // Select it as a user would on the dashboard (the session then knows it too).
  await fetch(`${app.baseUrl}/?index`, { method: "POST", redirect: "manual", headers: { cookie, origin: app.baseUrl, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ projectId: String(project.id) }) });

  const file = path.join(tmp, "bench-45mb.pdf");
  const size = await makeFile(file);
  const sampler = app.pid ? rssSampler(app.pid) : null;

  sampler?.start();
  let t = process.hrtime.bigint();
  const doc = await upload(app.baseUrl, cookie, project.id, file, size);
  const upSeconds = Number(process.hrtime.bigint() - t) / 1e9;
  const upMem = sampler?.stop();

  sampler?.start();
  t = process.hrtime.bigint();
  const got = await download(app.baseUrl, cookie, project.id, doc.id);
  const downSeconds = Number(process.hrtime.bigint() - t) / 1e9;
  const downMem = sampler?.stop();
  if (got.bytes !== size) throw new Error(`Downloaded ${got.bytes} bytes, expected ${size}`);

  const mb = (n) => (n / MB).toFixed(1);
  console.log(`file: ${mb(size)} MB (${size} bytes), store: ${process.env.S3_ENDPOINT ? "S3" : "local folder"}`);
  console.log("| direction | seconds | MB/s | server RSS before | server peak RSS | peak − before |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const [name, seconds, mem] of [["upload", upSeconds, upMem], ["download", downSeconds, downMem]]) {
    console.log(`| ${name} | ${seconds.toFixed(2)} | ${(size / MB / seconds).toFixed(1)} | ${mem ? mb(mem.baseline) + " MB" : "n/a"} | ${mem ? mb(mem.peak) + " MB" : "n/a"} | ${mem ? mb(mem.peak - mem.baseline) + " MB" : "n/a"} |`);
  }
  const growth = Math.max(upMem?.peak - upMem?.baseline || 0, downMem?.peak - downMem?.baseline || 0);
  // Holding the file would add at least its size. What remains is young-generation garbage (V8's
  // semi-spaces, 16 MB each by default), which does not grow with the file: compare BENCH_UPLOAD_MB=10
  // and 45, or run with BENCH_NODE_OPTIONS=--max-semi-space-size=2.
  if (app.pid && growth >= size) {
    console.error(`Server memory grew by ${mb(growth)} MB during a ${mb(size)} MB transfer: the file is being buffered`);
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
  await app.stop();
}
