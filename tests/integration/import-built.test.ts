import fs from "node:fs";
import { signIn, startApp } from "../../bench/lib.mjs";
import { csvRows, fixture, zipBomb } from "./support/import-files";
import { freePort } from "./support/ports";

/** The server's resident memory in MB, from /proc (Linux). */
function rssMb(pid: number | null | undefined): number {
  if (!pid) return 0;
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
}

function form(file: Buffer, filename: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("file", new Blob([new Uint8Array(file)]), filename);
  return body;
}

/**
 * The import parse calls on the built server (npm run build): the SheetJS worker must ship inside the
 * server bundle, and the server must keep answering while a hostile workbook is refused.
 */
describe("import parsing on the built server", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let cookie: string;
  let projectId: number;

  beforeAll(async () => {
    if (!fs.existsSync("build/index.js")) throw new Error("Build the app first: npm run build");
    const [port, pgPort] = [await freePort(), await freePort()];
    app = await startApp({ port, env: { EMBEDDED_PG_PORT: String(pgPort), LOCAL_SIGN_IN: "true" } });
    cookie = await signIn(app.baseUrl, "officer@demo-consultancy.local", "demo-pass-2026");
    const projects = (await (await fetch(`${app.baseUrl}/api/projects`, { headers: { cookie } })).json()) as { id: number; name: string }[];
    projectId = projects.find((p) => p.name === "Western Pipeline Stage 2")!.id;
  }, 150_000);

  afterAll(async () => {
    await app?.stop();
  });

  const post = (path: string, body: FormData | string) =>
    fetch(`${app.baseUrl}${path}`, {
      method: "POST",
      headers: { cookie, origin: app.baseUrl, ...(typeof body === "string" ? { "content-type": "application/json" } : {}) },
      body,
    });

  it("reads a legacy .xls in the bundled worker, then a sheet of it", async () => {
    const response = await post(`/api/file/parse?projectId=${projectId}`, form(fixture("landholders.xls"), "landholders.xls", { fileType: "excel" }));
    expect(response.status).toBe(200);
    const parsed = (await response.json()) as { workbookKey: string; sheets: { name: string; rowCount: number }[]; hasMultipleSheets: boolean };
    expect(parsed.hasMultipleSheets).toBe(true);
    expect(parsed.sheets.map((s) => s.name)).toEqual(["Landholders", "Parcels", "Blank"]);
    const sheet = await post("/api/file/parse-sheet", JSON.stringify({ projectId, workbookKey: parsed.workbookKey, selectedSheet: "Landholders" }));
    expect(sheet.status).toBe(200);
    const body = (await sheet.json()) as { columns: { name: string; sampleData: string[] }[]; totalRows: number };
    expect(body.totalRows).toBe(3);
    expect(body.columns[0]).toEqual({ name: "Landholder", index: 0, sampleData: ["Zoë Müller", "José O’Brien", "Ngaio Te Rangi"] });
  });

  it("reads a title PDF in the PDF worker shipped in build/workers/, and a help PDF the build did not make in the documents worker", async () => {
    const titles = await post(`/api/file/parse?projectId=${projectId}`, form(fixture("titles/register-search-statements.pdf"), "titles.pdf", { importType: "properties" }));
    expect(titles.status).toBe(200);
    expect(((await titles.json()) as { totalRows: number }).totalRows).toBe(3);
    // The build wrote the files for http://localhost:3000; this server's address is another, so the worker writes it.
    const help = await fetch(`${app.baseUrl}/api/documentation/download-pdf/quick-reference`, { headers: { cookie } });
    expect(help.status).toBe(200);
    expect(help.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await help.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  }, 60_000);

  it("answers other requests while a zip bomb is refused", async () => {
    const bomb = await zipBomb(300 * 1024 * 1024);
    const started = Date.now();
    const refused = post(`/api/file/parse?projectId=${projectId}`, form(bomb, "bomb.xlsx"));
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = Date.now();
      const ok = await fetch(`${app.baseUrl}/api/projects`, { headers: { cookie } });
      expect(ok.status).toBe(200);
      latencies.push(Date.now() - t);
    }
    const response = await refused;
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: string }).error).toMatch(/^The workbook expands to far more data/);
    console.log(`zip bomb refused in ${Date.now() - started} ms; /api/projects meanwhile ${latencies.join(", ")} ms`);
    expect(Math.max(...latencies)).toBeLessThan(1000);
  });

  it("keeps answering while 100,000 CSV rows are parsed and staged", async () => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of csvRows(100_000)) chunks.push(chunk);
    const csv = Buffer.concat(chunks);
    const started = Date.now();
    let done = false;
    const parsing = post(`/api/file/parse?projectId=${projectId}`, form(csv, "rows.csv")).finally(() => (done = true));
    const latencies: number[] = [];
    const rssBefore = rssMb(app.pid);
    let rssPeak = rssBefore;
    while (!done) {
      rssPeak = Math.max(rssPeak, rssMb(app.pid));
      const t = Date.now();
      expect((await fetch(`${app.baseUrl}/api/projects`, { headers: { cookie } })).status).toBe(200);
      latencies.push(Date.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
    const response = await parsing;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { totalRows: number }).totalRows).toBe(100_000);
    latencies.sort((a, b) => a - b);
    const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
    console.log(
      `100,000 CSV rows (${(csv.length / 1024 / 1024).toFixed(1)} MB) parsed and staged in ${Date.now() - started} ms; ${latencies.length} /api/projects meanwhile, p50 ${latencies[Math.floor(latencies.length / 2)]} ms, p95 ${p95} ms, max ${latencies.at(-1)} ms; server RSS ${rssBefore.toFixed(0)} → peak ${rssPeak.toFixed(0)} MB`,
    );
    expect(p95).toBeLessThan(1000);
  }, 120_000);
});
