import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { AuditLog, Client, Document, Property, Stakeholder } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import { action as documentsAction, loader as documentsLoader } from "../../app/routes/documents";
import { action as apiUpload } from "../../app/routes/api.documents.upload";
import { loader as apiList } from "../../app/routes/api.documents";
import { loader as apiStats } from "../../app/routes/api.documents.stats";
import { action as apiDocument } from "../../app/routes/api.documents.$id";
import { loader as apiDownload } from "../../app/routes/api.documents.$id.download";
import { loader as apiPreview } from "../../app/routes/api.documents.$id.preview";
import { loader as apiStakeholderDocs } from "../../app/routes/api.stakeholders.$id.documents";
import { loader as apiPropertyDocs } from "../../app/routes/api.properties.$id.documents";
import { getObjectStore, S3ObjectStore, setObjectStore } from "../../app/modules/storage/index.server";
import { sweepOrphanObjects } from "../../app/modules/storage/orphans.server";
import { MAX_FILE_BYTES } from "../../app/utils/upload-limits";
import { call, formRequest, generatedBytes, jsonRequest, multipartRequest, PDF, PNG, storedFiles, useUploadTestEnvironment, type FilePart } from "./support/uploads";

const env = useUploadTestEnvironment("documents");
const BASE = "http://localhost:3000";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

let stakeholder: { id: number; name: string };
let property: { id: number; address: string };
let otherProjectStakeholderId: number;

beforeAll(async () => {
  await withRequestContext(async () => {
    const s = await db().findOneOrFail(Stakeholder, { project: env.westernId }, { orderBy: { id: "asc" } });
    const p = await db().findOneOrFail(Property, { project: env.westernId }, { orderBy: { id: "asc" } });
    stakeholder = { id: s.id, name: s.name };
    property = { id: p.id, address: p.address };
    otherProjectStakeholderId = (await db().findOneOrFail(Stakeholder, { project: env.northernId })).id;
  });
});

afterEach(() => setObjectStore(null));

async function setQuotaMb(mb: number) {
  await withRequestContext(async () => {
    await db().nativeUpdate(Client, { id: env.demoClientId }, { maxStorageMB: mb });
  });
}

async function rows(where: Record<string, unknown> = {}) {
  return withRequestContext(() => db().find(Document, { project: env.westernId, ...where }));
}

function apiUploadRequest(file: FilePart | null, fields: [string, string][] = [], role = "officer", projectId = env.westernId) {
  return multipartRequest(`${BASE}/api/documents/upload?projectId=${projectId}`, env.cookies[role]!, fields, file);
}

async function upload(file: FilePart | null, fields: [string, string][] = [], role = "officer") {
  const response = await call(() => apiUpload(args(apiUploadRequest(file, fields, role)) as never) as Promise<Response>);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function clearDocuments() {
  await withRequestContext(async () => {
    for (const d of await db().find(Document, {})) await getObjectStore().delete(d.storageKey);
    await db().nativeDelete(Document, {});
    // Deleted rows leave their bytes for the restore points' lifetime: these tests count files.
    const released = await db().getConnection().execute<{ storage_key: string }[]>("delete from released_object returning storage_key");
    for (const r of released) await getObjectStore().delete(r.storage_key);
  });
}

describe("upload, list, stats, edit, delete", () => {
  it("uploads through the page form with stakeholder, property, category and tags, then lists it", async () => {
    const request = multipartRequest(
      `${BASE}/documents?projectId=${env.westernId}`,
      env.cookies.officer!,
      [
        ["intent", "upload"],
        ["stakeholderId", String(stakeholder.id)],
        ["propertyId", String(property.id)],
        ["description", "Signed access agreement"],
        ["category", "legal"],
        ["tags", " survey, legal ,, survey "],
      ],
      { filename: "agreement.pdf", body: PDF(1000) },
    );
    const response = await call(() => documentsAction(args(request) as never) as Promise<Response>);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/documents");
    const [row] = await rows({ originalFileName: "agreement.pdf" });
    expect(row).toMatchObject({ mimeType: "application/pdf", fileSize: 1000, description: "Signed access agreement", category: "legal", tags: ["survey", "legal"] });
    expect(row!.storageKey).toMatch(/^projects\/\d+\/documents\/[0-9a-f-]{36}$/);
    expect(storedFiles(env.dataDir)).toContain(row!.storageKey);

    const list = await call(() => apiList(args(new Request(`${BASE}/api/documents?projectId=${env.westernId}`, { headers: { Cookie: env.cookies.viewer! } })) as never) as Promise<Response>);
    const documents = (await list.json()) as Record<string, unknown>[];
    expect(documents.find((d) => d.id === row!.id)).toEqual({
      id: row!.id,
      original_file_name: "agreement.pdf",
      mime_type: "application/pdf",
      file_size: 1000,
      description: "Signed access agreement",
      category: "legal",
      tags: ["survey", "legal"],
      created_at: expect.any(String),
      stakeholderId: stakeholder.id,
      propertyId: property.id,
      stakeholderName: stakeholder.name,
      propertyAddress: property.address,
    });
    for (const [loader, id] of [
      [apiStakeholderDocs, stakeholder.id],
      [apiPropertyDocs, property.id],
    ] as const) {
      const res = await call(() => loader(args(new Request(`${BASE}/x?projectId=${env.westernId}`, { headers: { Cookie: env.cookies.viewer! } }), { id: String(id) }) as never) as Promise<Response>);
      expect(((await res.json()) as { id: number }[]).map((d) => d.id)).toContain(row!.id);
    }
  });

  it("searches by name, description and tags, filters by category, and reports stats", async () => {
    await clearDocuments();
    expect(
      (
        await upload({ filename: "site-map.png", body: PNG() }, [
          ["category", "survey"],
          ["tags", '["aerial", "boundary"]'],
        ])
      ).status,
    ).toBe(201);
    expect(
      (
        await upload({ filename: "notes.txt", body: Buffer.from("Meeting notes: fencing") }, [
          ["description", "fencing discussion"],
          ["category", "correspondence"],
        ])
      ).status,
    ).toBe(201);
    const list = async (query: string) => {
      const res = await call(() => apiList(args(new Request(`${BASE}/api/documents?projectId=${env.westernId}&${query}`, { headers: { Cookie: env.cookies.viewer! } })) as never) as Promise<Response>);
      return ((await res.json()) as { original_file_name: string }[]).map((d) => d.original_file_name);
    };
    expect(await list("search=boundary")).toEqual(["site-map.png"]);
    expect(await list("search=FENCING")).toEqual(["notes.txt"]);
    expect(await list("search=site-")).toEqual(["site-map.png"]);
    expect(await list("category=correspondence")).toEqual(["notes.txt"]);
    expect(await list("search=%25")).toEqual([]);

    const stats = await call(() => apiStats(args(new Request(`${BASE}/api/documents/stats?projectId=${env.westernId}`, { headers: { Cookie: env.cookies.viewer! } })) as never) as Promise<Response>);
    expect(await stats.json()).toEqual({
      totalDocuments: 2,
      totalSize: PNG().length + Buffer.byteLength("Meeting notes: fencing"),
      categoryBreakdown: expect.arrayContaining([
        { category: "survey", count: 1 },
        { category: "correspondence", count: 1 },
      ]),
    });

    const page = await withRequestContext(() =>
      documentsLoader(args(new Request(`${BASE}/documents?projectId=${env.westernId}&search=boundary`, { headers: { Cookie: env.cookies.viewer! } })) as never),
    );
    const data = (await (page as Response).json()) as { documents: unknown[]; total: number; canEdit: boolean; options: unknown };
    expect(data.total).toBe(1);
    expect(data.canEdit).toBe(false);
    expect(data.options).toBeNull();
  });

  it("edits notes: blank description and category become null, tags split on commas", async () => {
    const [doc] = await rows({ originalFileName: "notes.txt" });
    const response = await call(
      () =>
        documentsAction(
          args(
            formRequest(`${BASE}/documents?projectId=${env.westernId}`, env.cookies.officer!, {
              intent: "edit",
              id: String(doc!.id),
              description: "  ",
              category: "",
              tags: "a, b ,, a",
              back: "?search=notes",
            }),
          ) as never,
        ) as Promise<Response>,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/documents?search=notes");
    const [after] = await rows({ id: doc!.id });
    expect(after).toMatchObject({ description: null, category: null, tags: ["a", "b"] });

    const put = await call(
      () =>
        apiDocument(
          args(jsonRequest(`${BASE}/api/documents/${doc!.id}?projectId=${env.westernId}`, env.cookies.officer!, "PUT", { description: "x", category: "nonsense", tags: [] }), {
            id: String(doc!.id),
          }) as never,
        ) as Promise<Response>,
    );
    expect(put.status).toBe(400);
    expect(await put.json()).toMatchObject({ errors: { category: "Select a category from the list" } });
  });

  it("deletes (deleteData; officers may not): the row goes with an audit entry, the bytes stay with their release recorded", async () => {
    const [doc] = await rows({ originalFileName: "site-map.png" });
    const denied = await call(
      () => documentsAction(args(formRequest(`${BASE}/documents?projectId=${env.westernId}`, env.cookies.officer!, { intent: "delete", id: String(doc!.id) })) as never) as Promise<Response>,
    );
    expect(denied.status).toBe(403);
    const response = await call(
      () => documentsAction(args(formRequest(`${BASE}/documents?projectId=${env.westernId}`, env.cookies.project_manager!, { intent: "delete", id: String(doc!.id) })) as never) as Promise<Response>,
    );
    expect(response.status).toBe(302);
    expect(await rows({ id: doc!.id })).toEqual([]);
    // Kept for the restore points' lifetime (docs/operations.md#nothing-lost).
    expect(storedFiles(env.dataDir)).toContain(doc!.storageKey);
    const released = await withRequestContext(() => db().getConnection().execute("select storage_key from released_object where storage_key = ?", [doc!.storageKey]));
    expect(released).toEqual([{ storage_key: doc!.storageKey }]);
    const audit = await withRequestContext(() => db().find(AuditLog, { entityType: "Document", entityId: String(doc!.id), action: "document.delete" }));
    expect(audit).toHaveLength(1);
  });
});

describe("quota", () => {
  afterAll(() => setQuotaMb(100));

  it("refuses an upload over the client's limit and frees the bytes on delete", async () => {
    await clearDocuments();
    await setQuotaMb(1);
    const first = await upload({ filename: "a.pdf", body: PDF(700 * 1024) });
    expect(first.status).toBe(201);
    const second = await upload({ filename: "b.pdf", body: PDF(400 * 1024) });
    expect(second.status).toBe(413);
    expect(second.body.message).toBe("Storage limit reached: your plan allows 1 MB and 0.7 MB is used.");
    expect(await rows({ originalFileName: "b.pdf" })).toEqual([]);
    expect(storedFiles(env.dataDir)).toHaveLength(2); // a.pdf and its sidecar only

    const del = await call(
      () =>
        apiDocument(
          args(jsonRequest(`${BASE}/api/documents/${first.body.id}?projectId=${env.westernId}`, env.cookies.client_owner!, "DELETE"), { id: String(first.body.id) }) as never,
        ) as Promise<Response>,
    );
    expect(del.status).toBe(200);
    expect((await upload({ filename: "b.pdf", body: PDF(400 * 1024) })).status).toBe(201);
  });

  it("lets only one of two parallel uploads take the last free space", async () => {
    await clearDocuments();
    await setQuotaMb(1);
    const results = await Promise.all([upload({ filename: "p1.pdf", body: PDF(600 * 1024) }), upload({ filename: "p2.pdf", body: PDF(600 * 1024) })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 413]);
    expect(await rows()).toHaveLength(1);
    expect(storedFiles(env.dataDir)).toHaveLength(2);
  });
});

describe("failures leave nothing behind", () => {
  beforeAll(clearDocuments);

  it("removes the stored object when the database write fails", async () => {
    await withRequestContext(() => db().execute(`alter table document add constraint test_no_fail_db check (original_file_name <> 'fail-db.pdf')`));
    try {
      const before = storedFiles(env.dataDir).length;
      await expect(upload({ filename: "fail-db.pdf", body: PDF(500) })).rejects.toThrow(/test_no_fail_db/);
      expect(storedFiles(env.dataDir)).toHaveLength(before);
    } finally {
      await withRequestContext(() => db().execute(`alter table document drop constraint test_no_fail_db`));
    }
  });

  it("reports an unreachable store clearly and records no row", async () => {
    setObjectStore(new S3ObjectStore({ endPoint: "127.0.0.1", port: 1, useSSL: false, accessKey: "k", secretKey: "s", bucket: "b" }));
    const request = multipartRequest(`${BASE}/documents?projectId=${env.westernId}`, env.cookies.officer!, [["intent", "upload"]], { filename: "unreachable.pdf", body: PDF() });
    const response = await call(() => documentsAction(args(request) as never) as Promise<Response>);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ fieldErrors: { file: "Failed to upload document: the file store could not be reached. Please try again." } });
    expect(await rows({ originalFileName: "unreachable.pdf" })).toEqual([]);
  });

  it("cuts a 50 MB + 1 byte upload off early with no object and no row", async () => {
    const counter = { produced: 0 };
    const request = multipartRequest(
      `${BASE}/api/documents/upload?projectId=${env.westernId}`,
      env.cookies.officer!,
      [],
      { filename: "huge.pdf", body: generatedBytes(MAX_FILE_BYTES + 1, Buffer.from("%PDF-1.7\n")) },
      counter,
    );
    const response = await call(() => apiUpload(args(request) as never) as Promise<Response>);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "File size must be less than 50MB" });
    expect(counter.produced).toBeLessThanOrEqual(MAX_FILE_BYTES + 1);
    expect(await rows({ originalFileName: "huge.pdf" })).toEqual([]);
    expect(storedFiles(env.dataDir)).toEqual([]);
  });

  it("refuses early when Content-Length is over the limit", async () => {
    const request = new Request(`${BASE}/api/documents/upload?projectId=${env.westernId}`, {
      method: "POST",
      headers: { Cookie: env.cookies.officer!, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(MAX_FILE_BYTES * 2) },
      body: "--x--",
    });
    const response = await call(() => apiUpload(args(request) as never) as Promise<Response>);
    expect(response.status).toBe(413);
  });
});

describe("reading the multipart body", () => {
  beforeEach(clearDocuments);

  const raw = (body: string | Buffer, contentType = "multipart/form-data; boundary=b0und") =>
    new Request(`${BASE}/api/documents/upload?projectId=${env.westernId}`, {
      method: "POST",
      headers: { Cookie: env.cookies.officer!, "Content-Type": contentType },
      body: typeof body === "string" ? body : new Uint8Array(body),
    });
  const send = async (request: Request) => {
    const response = await call(() => apiUpload(args(request) as never) as Promise<Response>);
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const part = (headers: string, content: string) => `--b0und\r\n${headers}\r\n\r\n${content}\r\n`;

  it("takes fields sent after the file", async () => {
    const body =
      part('Content-Disposition: form-data; name="file"; filename="late-fields.txt"', "notes") +
      part('Content-Disposition: form-data; name="category"', "survey") +
      part('Content-Disposition: form-data; name="description"', "Sent last") +
      "--b0und--\r\n";
    const result = await send(raw(body));
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ original_file_name: "late-fields.txt", category: "survey", description: "Sent last", file_size: 5 });
  });

  it("reads a quoted file name with an escaped quote and raw UTF-8 as browsers send it", async () => {
    const body = Buffer.from(part('Content-Disposition: form-data; name="file"; filename="Lot 7 \\"East\\" – déjà.txt"', "x") + "--b0und--\r\n", "utf8");
    const result = await send(raw(body));
    expect(result.status).toBe(201);
    expect(result.body.original_file_name).toBe('Lot 7 "East" – déjà.txt');
  });

  it.each([
    ["a body cut off before the closing boundary", part('Content-Disposition: form-data; name="file"; filename="cut.txt"', "partial").slice(0, -4), undefined],
    ["a multipart type with no boundary", "--b0und--\r\n", "multipart/form-data"],
  ])("refuses %s as unreadable, keeping nothing", async (_label, body, contentType) => {
    const result = await send(raw(body, contentType));
    expect(result.status).toBe(400);
    expect(result.body.message).toBe("The upload could not be read as a form");
    expect(await rows()).toEqual([]);
    expect(storedFiles(env.dataDir)).toEqual([]);
  });

  it("answers a form that is not multipart with the spec's missing-file message", async () => {
    const result = await send(raw("file=cut.txt", "application/x-www-form-urlencoded"));
    expect(result.status).toBe(400);
    expect(result.body.message).toBe("No file selected: Please select a file to upload");
  });

  it("refuses a text field over 20,000 bytes sent after the file, and removes the stored file", async () => {
    const body =
      part('Content-Disposition: form-data; name="file"; filename="long-notes.txt"', "notes") + part('Content-Disposition: form-data; name="description"', "d".repeat(20_001)) + "--b0und--\r\n";
    const result = await send(raw(body));
    expect(result.status).toBe(413);
    expect(result.body.message).toBe("A form field is too long");
    expect(await rows()).toEqual([]);
    expect(storedFiles(env.dataDir)).toEqual([]);
  });
});

describe("text files as other programs write them", () => {
  beforeAll(clearDocuments);

  it.each([
    ["a UTF-8 CSV with a byte order mark", "owners.csv", Buffer.from("\ufeffName,Town\r\nRenée,Montégut\r\n", "utf8"), "text/csv", "text/csv; charset=utf-8"],
    ["Excel's Windows CSV (Windows-1252)", "owners-excel.csv", Buffer.from("Name,Town\r\nRenée,Montégut\r\n", "latin1"), "text/csv; charset=windows-1252", "text/csv; charset=windows-1252"],
    [
      "Excel's Unicode Text (UTF-16 with a byte order mark)",
      "owners.txt",
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Name\tTown\r\nRenée\tMontégut\r\n", "utf16le")]),
      "text/plain; charset=utf-16le",
      "text/plain; charset=utf-16le",
    ],
  ] as const)("keeps %s byte for byte and names its encoding on download", async (_label, filename, body, storedType, servedType) => {
    const result = await upload({ filename, body });
    expect(result.status).toBe(201);
    expect(result.body.mime_type).toBe(storedType);
    const res = await call(
      () =>
        apiDownload(
          args(new Request(`${BASE}/api/documents/${result.body.id}/download?projectId=${env.westernId}`, { headers: { Cookie: env.cookies.viewer! } }), { id: String(result.body.id) }) as never,
        ) as Promise<Response>,
    );
    expect(res.headers.get("Content-Type")).toBe(servedType);
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
  });
});

describe("orphan sweep", () => {
  beforeAll(clearDocuments);

  it("removes stored objects with no row and stale unfinished writes, past the grace period only", async () => {
    const kept = await upload({ filename: "kept.pdf", body: PDF() });
    expect(kept.status).toBe(201);
    const store = getObjectStore();
    const put = (key: string) => store.put(key, Readable.from([PDF()]), { contentType: "application/pdf", maxBytes: 1000 });
    const orphanKey = `projects/${env.westernId}/documents/${crypto.randomUUID()}`;
    const recentKey = `projects/${env.westernId}/documents/${crypto.randomUUID()}`;
    await put(orphanKey);
    await put(recentKey);
    const objects = path.join(env.dataDir, "objects");
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    fs.utimesSync(path.join(objects, orphanKey), hoursAgo(2), hoursAgo(2));
    const staleTemp = path.join(objects, `projects/${env.westernId}/documents/.tmp-${crypto.randomUUID()}`);
    fs.writeFileSync(staleTemp, "half a file");
    fs.utimesSync(staleTemp, hoursAgo(3), hoursAgo(3));
    // The kept document's object is old too: only the missing row makes an orphan.
    const [row] = await rows({ originalFileName: "kept.pdf" });
    fs.utimesSync(path.join(objects, row!.storageKey), hoursAgo(5), hoursAgo(5));

    expect(await withRequestContext(() => sweepOrphanObjects())).toMatchObject({ skipped: false, refused: false, orphans: 1, released: 0, incompleteWrites: 1 });
    expect(await store.exists(orphanKey)).toBe(false);
    expect(fs.existsSync(staleTemp)).toBe(false);
    expect(await store.exists(recentKey)).toBe(true);
    expect(await store.exists(row!.storageKey)).toBe(true);
    await store.delete(recentKey);
  });
});

describe("hostile files", () => {
  beforeAll(clearDocuments);

  it.each([
    ["wrong extension", { filename: "run.exe", body: Buffer.from("MZ....") }, 415, /not accepted/],
    ["svg", { filename: "x.svg", body: Buffer.from("<svg onload=alert(1)>") }, 415, /not accepted/],
    ["HTML renamed .pdf", { filename: "invoice.pdf", body: Buffer.from("<!doctype html><script>alert(document.cookie)</script>") }, 415, /do not match its \.pdf/],
    ["PDF renamed .png", { filename: "photo.png", body: PDF() }, 415, /do not match its \.png/],
    ["binary .txt", { filename: "data.txt", body: Buffer.from([0x41, 0, 0x42, 0xff]) }, 415, /do not match its \.txt/],
    ["0 bytes", { filename: "empty.pdf", body: Buffer.alloc(0) }, 400, /empty/],
  ] as const)("refuses %s with no row and no object", async (_label, file, status, message) => {
    const result = await upload(file as FilePart);
    expect(result.status).toBe(status);
    expect(result.body.message).toMatch(message);
    expect(await rows()).toEqual([]);
    expect(storedFiles(env.dataDir)).toEqual([]);
  });

  it("refuses a missing file with the spec's message", async () => {
    const request = multipartRequest(`${BASE}/documents?projectId=${env.westernId}`, env.cookies.officer!, [["intent", "upload"]], { filename: "", body: Buffer.alloc(0) });
    const response = await call(() => documentsAction(args(request) as never) as Promise<Response>);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fieldErrors: { file: "No file selected: Please select a file to upload" } });
  });

  it("strips path separators and control characters from the name", async () => {
    const result = await upload({ filename: "..\\..\\evil\u0007\u202Ename.txt", body: Buffer.from("ok") });
    expect(result.status).toBe(201);
    expect(result.body.original_file_name).toBe("evilname.txt");
  });

  it("keeps a non-Latin name for download, encoded per RFC 5987, with nosniff", async () => {
    const result = await upload({ filename: "土地契約 Ω.pdf", body: PDF(300) });
    expect(result.status).toBe(201);
    expect(result.body.original_file_name).toBe("土地契約 Ω.pdf");
    const res = await call(
      () =>
        apiDownload(
          args(new Request(`${BASE}/api/documents/${result.body.id}/download?projectId=${env.westernId}`, { headers: { Cookie: env.cookies.viewer! } }), { id: String(result.body.id) }) as never,
        ) as Promise<Response>,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="____ _.pdf"; filename*=UTF-8''${encodeURIComponent("土地契約 Ω.pdf")}`);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF(300))).toBe(true);
  });

  it("previews PDF and images inline, everything else as a sandboxed attachment", async () => {
    const png = await upload({ filename: "pic.png", body: PNG() });
    const txt = await upload({ filename: "page.txt", body: Buffer.from("<html><script>alert(1)</script>") });
    const preview = async (id: number) =>
      call(
        () =>
          apiPreview(
            args(new Request(`${BASE}/api/documents/${id}/preview?projectId=${env.westernId}`, { headers: { Cookie: env.cookies.viewer! } }), { id: String(id) }) as never,
          ) as Promise<Response>,
      );
    const p = await preview(png.body.id);
    expect(p.headers.get("Content-Disposition")).toMatch(/^inline;/);
    expect(p.headers.get("Content-Type")).toBe("image/png");
    expect(p.headers.get("Content-Security-Policy")).toBe("sandbox; default-src 'none'");
    const t = await preview(txt.body.id);
    expect(t.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(t.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(t.headers.get("Content-Security-Policy")).toBe("sandbox; default-src 'none'");
    expect(t.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // PDFs open in Chrome's viewer, which any sandbox or object-src 'none' policy would stop.
    const pdf = await upload({ filename: "plan.pdf", body: PDF(200) });
    const d = await preview(pdf.body.id);
    expect(d.headers.get("Content-Disposition")).toMatch(/^inline;/);
    expect(d.headers.get("Content-Type")).toBe("application/pdf");
    expect(d.headers.get("Content-Security-Policy")).toBeNull();
    expect(d.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("permissions and tenancy", () => {
  let docId: number;
  beforeAll(async () => {
    docId = (await upload({ filename: "tenancy.pdf", body: PDF() })).body.id;
  });

  it("viewers cannot upload, edit or delete (403)", async () => {
    expect((await upload({ filename: "v.pdf", body: PDF() }, [], "viewer")).status).toBe(403);
    const page = multipartRequest(`${BASE}/documents?projectId=${env.westernId}`, env.cookies.viewer!, [["intent", "upload"]], { filename: "v.pdf", body: PDF() });
    expect((await call(() => documentsAction(args(page) as never) as Promise<Response>)).status).toBe(403);
    const put = await call(
      () =>
        apiDocument(
          args(jsonRequest(`${BASE}/api/documents/${docId}?projectId=${env.westernId}`, env.cookies.viewer!, "PUT", { description: "x" }), { id: String(docId) }) as never,
        ) as Promise<Response>,
    );
    expect(put.status).toBe(403);
    const del = await call(
      () => apiDocument(args(jsonRequest(`${BASE}/api/documents/${docId}?projectId=${env.westernId}`, env.cookies.viewer!, "DELETE"), { id: String(docId) }) as never) as Promise<Response>,
    );
    expect(del.status).toBe(403);
    expect(await rows({ originalFileName: "v.pdf" })).toEqual([]);
  });

  it("another client's owner gets 404 for the document, in pages and /api", async () => {
    const other = env.cookies.second_owner!;
    // Through the demo project id (not theirs): 404.
    const dl = await call(
      () => apiDownload(args(new Request(`${BASE}/api/documents/${docId}/download?projectId=${env.westernId}`, { headers: { Cookie: other } }), { id: String(docId) }) as never) as Promise<Response>,
    );
    expect(dl.status).toBe(404);
    // Through their own project: the id is unknown there, also 404.
    for (const method of ["PUT", "DELETE"]) {
      const res = await call(
        () =>
          apiDocument(
            args(jsonRequest(`${BASE}/api/documents/${docId}?projectId=${env.secondProjectId}`, other, method, method === "PUT" ? { description: "x" } : undefined), { id: String(docId) }) as never,
          ) as Promise<Response>,
      );
      expect(res.status).toBe(404);
    }
    const page = await call(() => documentsLoader(args(new Request(`${BASE}/documents?projectId=${env.secondProjectId}&edit=${docId}`, { headers: { Cookie: other } })) as never) as Promise<Response>);
    expect(page.status).toBe(404);
    const del = await call(
      () => documentsAction(args(formRequest(`${BASE}/documents?projectId=${env.secondProjectId}`, other, { intent: "delete", id: String(docId) })) as never) as Promise<Response>,
    );
    expect(del.status).toBe(404);
    expect(await rows({ id: docId })).toHaveLength(1);
  });

  it("refuses a stakeholder from another project", async () => {
    const result = await upload({ filename: "x.pdf", body: PDF() }, [["stakeholderId", String(otherProjectStakeholderId)]]);
    expect(result.status).toBe(422);
    expect(result.body.message).toBe("Select a stakeholder of this project");
    expect(await rows({ originalFileName: "x.pdf" })).toEqual([]);
  });
});

describe("returnTo", () => {
  it("goes back to a safe same-site returnTo and ignores unsafe ones", async () => {
    const post = (returnTo: string) =>
      call(
        () =>
          documentsAction(
            args(
              multipartRequest(
                `${BASE}/documents?projectId=${env.westernId}`,
                env.cookies.officer!,
                [
                  ["intent", "upload"],
                  ["returnTo", returnTo],
                  ["stakeholderId", String(stakeholder.id)],
                ],
                { filename: "r.txt", body: Buffer.from("hello") },
              ),
            ) as never,
          ) as Promise<Response>,
      );
    const ok = await post(`/stakeholders?highlight=${stakeholder.id}&tab=documents`);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(`/stakeholders?highlight=${stakeholder.id}&tab=documents`);
    const evil = await post("//evil.example/x");
    expect(evil.headers.get("Location")).toBe("/documents");
    // Failures go back to returnTo too, with the error as a flash message.
    const failed = await call(
      () =>
        documentsAction(
          args(
            multipartRequest(
              `${BASE}/documents?projectId=${env.westernId}`,
              env.cookies.officer!,
              [
                ["intent", "upload"],
                ["returnTo", "/properties?highlight=1"],
              ],
              { filename: "bad.pdf", body: Buffer.from("<html>") },
            ),
          ) as never,
        ) as Promise<Response>,
    );
    expect(failed.status).toBe(302);
    expect(failed.headers.get("Location")).toBe("/properties?highlight=1");
  });
});
