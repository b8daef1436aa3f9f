import mammoth from "mammoth";
import { PDFParse } from "pdf-parse";
import { loader as centreLoader } from "../../app/routes/documentation";
import { loader as viewerLoader } from "../../app/routes/documentation_.view.$docType";
import { loader as contentLoader } from "../../app/routes/api.documentation.content.$docType";
import { loader as htmlLoader } from "../../app/routes/api.documentation.download.$docType";
import { loader as pdfLoader } from "../../app/routes/api.documentation.download-pdf.$docType";
import { loader as wordLoader } from "../../app/routes/api.documentation.download-word.$docType";
import { withRequestContext } from "../../db/orm";
import { consumeFlash } from "../../app/modules/auth/flash.server";
import { call, useUploadTestEnvironment } from "./support/uploads";

/**
 * The documentation centre's routes (docs/help-centre.md) against a real session store: who may read which
 * document, the content JSON, and each download read back (the HTML file self-contained, the PDF's
 * text and pages with pdf-parse, the Word file with mammoth). A failed download that a browser
 * followed without JavaScript comes back as a message on the centre.
 */
const env = useUploadTestEnvironment("documentation");
const BASE = "http://localhost:3000";

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
const get = (loader: Loader, path: string, role: string | null, docType?: string, headers: Record<string, string> = {}) =>
  call(async () => loader({ request: new Request(`${BASE}${path}`, { headers: { ...(role ? { Cookie: env.cookies[role]! } : {}), ...headers } }), params: docType ? { docType } : {}, context: {} }));

const API = { content: contentLoader, html: htmlLoader, pdf: pdfLoader, word: wordLoader } as const;
const API_PATH = { content: "content", html: "download", pdf: "download-pdf", word: "download-word" } as const;
const api = (kind: keyof typeof API, docType: string, role: string | null, headers?: Record<string, string>) =>
  get(API[kind] as Loader, `/api/documentation/${API_PATH[kind]}/${docType}`, role, docType, headers);

async function pdfText(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("GET /api/documentation/content/{docType}", () => {
  it("answers html and lastModified for a document every role may read", async () => {
    const response = await api("content", "user-guide", "viewer");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.title).toBe("User Guide");
    expect(body.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.html).toContain("<h2 id=");
    expect(body.html).not.toMatch(/<h1[\s>]/);
    expect(body.html).toMatch(/<img src="\/docs-images\/[\w.-]+\.png" alt="[^"]+"/);
  });

  it("refuses the restricted documents to every role but a system admin (403, the spec's words)", async () => {
    for (const role of ["client_owner", "director", "project_manager", "officer", "viewer"]) {
      for (const docType of ["sales-materials", "system-architecture"]) {
        const response = await api("content", docType, role);
        expect(response.status, `${role} ${docType}`).toBe(403);
        expect(await response.json()).toEqual({ message: "Access denied: Insufficient permissions" });
      }
    }
    const admin = await api("content", "system-architecture", "system_admin");
    expect(admin.status).toBe(200);
    expect((await admin.json()).title).toBe("System Architecture");
  });

  it("answers 404 for an unknown document and 401 without a session", async () => {
    for (const docType of ["nope", "..%2F..%2Fpackage", "USER-GUIDE"]) {
      const response = await api("content", docType, "system_admin");
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Documentation not found" });
    }
    expect((await api("content", "user-guide", null)).status).toBe(401);
  });
});

describe("downloads", () => {
  it("refuses every format of a restricted document with 403 and an unknown one with 404", async () => {
    for (const kind of ["html", "pdf", "word"] as const) {
      expect((await api(kind, "sales-materials", "director")).status, kind).toBe(403);
      expect((await api(kind, "nope", "director")).status, kind).toBe(404);
    }
    // Word only for the product overview and the sales materials.
    const noWord = await api("word", "user-guide", "system_admin");
    expect(noWord.status).toBe(404);
  });

  it("sends the HTML fallback as LSC_TYPE.html, self-contained: stylesheet inlined, images embedded", async () => {
    const response = await api("html", "user-guide", "officer");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain('filename="LSC_USER_GUIDE.html"');
    const html = (await bytesOf(response)).toString("utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<h1>User Guide</h1>");
    expect(html).toMatch(/<style>[\s\S]*@media print[\s\S]*<\/style>/);
    // Nothing to fetch: no external stylesheet or script, every image a data: URI.
    expect(html).not.toMatch(/<link\b|<script\b/i);
    const sources = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(src).toMatch(/^data:image\/png;base64,/);
    expect(html).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="[^"]+"/);
    // Site links point back at the app, so they still work from a saved file.
    expect(html).not.toMatch(/href="\/(?!\/)/);
  });

  it("makes a real PDF: title, headings and page numbers, over several pages", async () => {
    const response = await api("pdf", "quick-reference", "viewer");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain('filename="LSC_QUICK_REFERENCE.pdf"');
    const bytes = await bytesOf(response);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const { text, pages } = await pdfText(bytes);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain("Quick Reference");
    expect(text).toContain("Last updated");
    expect(text).toContain("Roles");
    expect(text).toContain(`Page 1 of ${pages}`);
  });

  it("makes the user guide's PDF with its screenshots, and keeps it for the next request", async () => {
    const first = await api("pdf", "user-guide", "viewer");
    const bytes = await bytesOf(first);
    const { text, pages } = await pdfText(bytes);
    expect(pages).toBeGreaterThan(3);
    expect(text).toContain("User Guide");
    expect(bytes.toString("latin1")).toContain("/Subtype /Image");
    const started = Date.now();
    const again = await bytesOf(await api("pdf", "user-guide", "director"));
    expect(Date.now() - started).toBeLessThan(500);
    expect(again.equals(bytes)).toBe(true);
  });

  it("makes a Word document with headings, a table and lists, read back with mammoth", async () => {
    const response = await api("word", "sales-materials", "system_admin");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(response.headers.get("content-disposition")).toContain('filename="LSC_SALES_MATERIALS.docx"');
    const { value: html } = await mammoth.convertToHtml({ buffer: await bytesOf(response) });
    expect(html).toContain("Sales Materials");
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).toMatch(/<h2>[^<]+<\/h2>/);
    expect(html).toMatch(/<table>[\s\S]*<th>[\s\S]*<\/table>/);

    const overview = await api("word", "product-overview", "viewer");
    expect(overview.status).toBe(200);
    const { value: overviewHtml } = await mammoth.convertToHtml({ buffer: await bytesOf(overview) });
    expect(overviewHtml).toContain("Product Overview");
    expect(overviewHtml).toMatch(/<h1>[^<]+<\/h1>/);
    expect(overviewHtml).toMatch(/<li>/);
  });

  it("turns a refused download that a browser followed (no JavaScript) into a message on the centre", async () => {
    const response = await api("pdf", "sales-materials", "project_manager", { "Sec-Fetch-Mode": "navigate", Referer: `${BASE}/documentation?tab=downloads` });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/documentation?tab=downloads");
    const flash = await withRequestContext(async () => (await consumeFlash(new Request(`${BASE}/`, { headers: { Cookie: env.cookies.project_manager! } }))).flash);
    expect(flash).toMatchObject({ kind: "error", title: "Access denied: Insufficient permissions" });

    const unknown = await api("word", "user-guide", "viewer", { "Sec-Fetch-Mode": "navigate", Referer: "https://elsewhere.example/x" });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe("/documentation?tab=downloads");
    const wordFlash = await withRequestContext(async () => (await consumeFlash(new Request(`${BASE}/`, { headers: { Cookie: env.cookies.viewer! } }))).flash);
    expect(wordFlash).toMatchObject({ kind: "error", title: "Failed to download Word document. Please try again." });
  });
});

describe("the screens' loaders", () => {
  it("shows every role the five cards, the restricted ones unavailable except to a system admin", async () => {
    const pm = await (await get(centreLoader as Loader, "/documentation?tab=downloads", "project_manager")).json();
    expect(pm.tab).toBe("downloads");
    expect(pm.documents.map((d: { docType: string; available: boolean }) => [d.docType, d.available])).toEqual([
      ["user-guide", true],
      ["quick-reference", true],
      ["product-overview", true],
      ["sales-materials", false],
      ["system-architecture", false],
    ]);
    const admin = await (await get(centreLoader as Loader, "/documentation", "system_admin")).json();
    expect(admin.tab).toBe("overview");
    expect(admin.documents.every((d: { available: boolean }) => d.available)).toBe(true);
  });

  it("opens the viewer (print view with ?print=true) and refuses a restricted or unknown document", async () => {
    const viewer = await get(viewerLoader as Loader, "/documentation/view/product-overview?print=true", "viewer", "product-overview");
    expect(viewer.status).toBe(200);
    expect(await viewer.json()).toMatchObject({ docType: "product-overview", title: "Product Overview", print: true, lastUpdatedLabel: expect.stringMatching(/^\d{1,2} \w+ \d{4}$/) });
    expect((await get(viewerLoader as Loader, "/documentation/view/sales-materials", "officer", "sales-materials")).status).toBe(403);
    expect((await get(viewerLoader as Loader, "/documentation/view/sales-materials", "system_admin", "sales-materials")).status).toBe(200);
    expect((await get(viewerLoader as Loader, "/documentation/view/nope", "system_admin", "nope")).status).toBe(404);
    const anonymous = await get(viewerLoader as Loader, "/documentation/view/user-guide", null, "user-guide");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/?redirectTo=%2Fdocumentation%2Fview%2Fuser-guide");
  });
});
