import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { signIn, startApp } from "../../bench/lib.mjs";
import { freePort } from "./support/ports";

/**
 * The built app, started as in production on an empty data folder (embedded PostgreSQL), receives
 * SIGTERM while an upload is half sent: the upload still succeeds, new connections are refused,
 * and the process exits 0 after stopping its PostgreSQL.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves true once nothing accepts connections on `port`, false if it still does after `ms`. */
async function refusesConnections(port: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(false)));
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
    });
    if (refused) return true;
    await sleep(50);
  }
  return false;
}

/** A multipart upload whose file part the test sends in two halves, whenever it likes. */
function startUpload(baseUrl: string, cookie: string, projectId: number) {
  const boundary = `----graceful${crypto.randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\ntechnical\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="survey.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
  const half = crypto.randomBytes(128 * 1024);
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + 2 * half.length + Buffer.byteLength(tail);
  let req!: http.ClientRequest;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = http.request(
      new URL(`/api/documents/upload?projectId=${projectId}`, baseUrl),
      { method: "POST", headers: { cookie, origin: baseUrl, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": length } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
  req.write(head);
  req.write(half);
  return {
    response,
    finish: () => req.end(Buffer.concat([half, Buffer.from(tail)])),
  };
}

describe("stopping the server", () => {
  it("on SIGTERM finishes the request in flight, refuses new connections, stops PostgreSQL and exits 0", { timeout: 150_000 }, async () => {
    if (!fs.existsSync("build/index.js")) throw new Error("Build the app first: npm run build");
    const [port, pgPort] = [await freePort(), await freePort()];
    const app = await startApp({ port, env: { EMBEDDED_PG_PORT: String(pgPort), SHUTDOWN_TIMEOUT_SECONDS: "30" } });
    const { child, dataDir, pid } = app;
    if (!child?.stdout || !dataDir || !pid) throw new Error("This test starts its own app: unset BENCH_URL");
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    try {
      const cookie = await signIn(app.baseUrl, "owner@demo-consultancy.local", "demo-pass-2026");
      const projects = (await (await fetch(`${app.baseUrl}/api/projects`, { headers: { cookie } })).json()) as { id: number; name: string }[];
      const project = projects.find((p) => p.name === "Western Pipeline Stage 2")!;
      const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
      expect(fs.existsSync(pidFile)).toBe(true);

      const upload = startUpload(app.baseUrl, cookie, project.id);
      await sleep(200); // the server is reading the body
      process.kill(pid, "SIGTERM");
      expect(await refusesConnections(port, 10_000)).toBe(true);
      upload.finish();

      const { status, body } = await upload.response;
      expect(status, body).toBe(201);
      expect(JSON.parse(body)).toMatchObject({ original_file_name: "survey.pdf", file_size: 9 + 2 * 128 * 1024 });
      expect(await app.exited, output).toEqual({ code: 0, signal: null });
      expect(output).toContain("SIGTERM received");
      expect(fs.existsSync(pidFile)).toBe(false);
      expect(await refusesConnections(pgPort, 1_000)).toBe(true);
    } finally {
      await app.stop();
    }
  });
});
