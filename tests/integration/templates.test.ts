import { Client, Template } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import { action as templatesAction, loader as templatesLoader } from "../../app/routes/templates";
import { action as apiUpload } from "../../app/routes/api.templates.upload";
import { loader as apiList } from "../../app/routes/api.templates";
import { action as apiTemplate } from "../../app/routes/api.templates.$id";
import { loader as apiDownload } from "../../app/routes/api.templates.$id.download";
import { S3ObjectStore, setObjectStore } from "../../app/modules/storage/index.server";
import { call, formRequest, jsonRequest, multipartRequest, PDF, PNG, storedFiles, useUploadTestEnvironment, type FilePart } from "./support/uploads";

const env = useUploadTestEnvironment("templates");
const BASE = "http://localhost:3000";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

async function upload(file: FilePart | null, fields: [string, string][], role = "officer") {
  const request = multipartRequest(`${BASE}/api/templates/upload`, env.cookies[role]!, [["projectId", String(env.westernId)], ...fields], file);
  const response = await call(() => apiUpload(args(request) as never) as Promise<Response>);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const rows = () => withRequestContext(() => db().find(Template, { project: env.westernId }, { orderBy: { id: "asc" } }));

describe("templates", () => {
  it("uploads through the page (name required) and lists the card data", async () => {
    const noName = multipartRequest(
      `${BASE}/templates?projectId=${env.westernId}&upload=1`,
      env.cookies.officer!,
      [
        ["intent", "upload"],
        ["templateName", " "],
      ],
      { filename: "letter.docx", body: Buffer.from("PK\u0003\u0004rest-of-zip") },
    );
    const refused = await call(() => templatesAction(args(noName) as never) as Promise<Response>);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ fieldErrors: { templateName: "Template name is required" } });
    expect(storedFiles(env.dataDir)).toEqual([]);

    const request = multipartRequest(
      `${BASE}/templates?projectId=${env.westernId}&upload=1`,
      env.cookies.officer!,
      [
        ["intent", "upload"],
        ["templateName", "Entry notice"],
        ["category", "Letters"],
        ["tags", "notice, entry, legal, notice"],
      ],
      { filename: "letter.docx", body: Buffer.from("PK\u0003\u0004rest-of-zip") },
    );
    const response = await call(() => templatesAction(args(request) as never) as Promise<Response>);
    expect(response.status).toBe(302);
    const [row] = await rows();
    expect(row).toMatchObject({ templateName: "Entry notice", category: "Letters", tags: ["notice", "entry", "legal"], originalFileName: "letter.docx", templateDescription: null });

    const list = await call(() => apiList(args(new Request(`${BASE}/api/templates?projectId=${env.westernId}`, { headers: { Cookie: env.cookies.viewer! } })) as never) as Promise<Response>);
    expect(await list.json()).toEqual([expect.objectContaining({ id: row!.id, templateName: "Entry notice", fileSize: 15, tags: ["notice", "entry", "legal"] })]);
  });

  it("accepts only .pdf .doc .docx .txt .xlsx .xls, checked by content", async () => {
    expect((await upload({ filename: "pic.png", body: PNG() }, [["templateName", "Picture"]])).status).toBe(415);
    expect((await upload({ filename: "fake.xls", body: Buffer.from("PK\u0003\u0004") }, [["templateName", "Fake"]])).status).toBe(415);
    const ok = await upload({ filename: "form.pdf", body: PDF() }, [
      ["templateName", "Form"],
      ["tags", '["a","b"]'],
    ]);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ templateName: "Form", tags: ["a", "b"], originalFileName: "form.pdf" });
  });

  it("reports an unreachable store as a template failure and records nothing", async () => {
    setObjectStore(new S3ObjectStore({ endPoint: "127.0.0.1", port: 1, useSSL: false, accessKey: "k", secretKey: "s", bucket: "b" }));
    try {
      const before = (await rows()).length;
      const result = await upload({ filename: "unreachable.pdf", body: PDF() }, [["templateName", "Unreachable"]]);
      expect(result.status).toBe(503);
      expect(result.body.message).toBe("Failed to upload template: the file store could not be reached. Please try again.");
      expect(await rows()).toHaveLength(before);
    } finally {
      setObjectStore(null);
    }
  });

  it("edit keeps old values for blank fields", async () => {
    const [row] = await rows();
    const res = await call(
      () =>
        templatesAction(
          args(
            formRequest(`${BASE}/templates?projectId=${env.westernId}`, env.cookies.officer!, {
              intent: "edit",
              id: String(row!.id),
              templateName: "",
              templateDescription: "Use for first contact",
              category: " ",
              tags: "",
            }),
          ) as never,
        ) as Promise<Response>,
    );
    expect(res.status).toBe(302);
    const [after] = await rows();
    expect(after).toMatchObject({ templateName: "Entry notice", templateDescription: "Use for first contact", category: "Letters", tags: ["notice", "entry", "legal"] });
    const put = await call(
      () =>
        apiTemplate(
          args(jsonRequest(`${BASE}/api/templates/${row!.id}`, env.cookies.officer!, "PUT", { projectId: env.westernId, templateName: "Renamed" }), { id: String(row!.id) }) as never,
        ) as Promise<Response>,
    );
    expect(await put.json()).toMatchObject({ templateName: "Renamed", category: "Letters" });
  });

  it("downloads under the original name; viewers cannot write; other clients get 404", async () => {
    const [row] = await rows();
    const dl = await call(
      () =>
        apiDownload(
          args(new Request(`${BASE}/api/templates/${row!.id}/download?projectId=${env.westernId}`, { headers: { Cookie: env.cookies.viewer! } }), { id: String(row!.id) }) as never,
        ) as Promise<Response>,
    );
    expect(dl.headers.get("Content-Disposition")).toContain(`filename*=UTF-8''letter.docx`);
    expect((await upload({ filename: "v.pdf", body: PDF() }, [["templateName", "V"]], "viewer")).status).toBe(403);
    const del = await call(
      () => templatesAction(args(formRequest(`${BASE}/templates?projectId=${env.westernId}`, env.cookies.viewer!, { intent: "delete", id: String(row!.id) })) as never) as Promise<Response>,
    );
    expect(del.status).toBe(403);
    const other = await call(
      () =>
        apiDownload(
          args(new Request(`${BASE}/api/templates/${row!.id}/download?projectId=${env.secondProjectId}`, { headers: { Cookie: env.cookies.second_owner! } }), { id: String(row!.id) }) as never,
        ) as Promise<Response>,
    );
    expect(other.status).toBe(404);
    const page = await call(
      () => templatesLoader(args(new Request(`${BASE}/templates?projectId=${env.secondProjectId}&edit=${row!.id}`, { headers: { Cookie: env.cookies.second_owner! } })) as never) as Promise<Response>,
    );
    expect(page.status).toBe(404);
  });

  it("delete frees quota and keeps the bytes with their release recorded", async () => {
    await withRequestContext(() => db().nativeUpdate(Client, { id: env.demoClientId }, { maxStorageMB: 1 }));
    const big = await upload({ filename: "big.pdf", body: PDF(900 * 1024) }, [["templateName", "Big"]]);
    expect(big.status).toBe(201);
    const refused = await upload({ filename: "big2.pdf", body: PDF(200 * 1024) }, [["templateName", "Big 2"]]);
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(/^Storage limit reached: your plan allows 1 MB and 0\.9 MB is used\.$/);
    const res = await call(
      () =>
        templatesAction(args(formRequest(`${BASE}/templates?projectId=${env.westernId}`, env.cookies.project_manager!, { intent: "delete", id: String(big.body.id) })) as never) as Promise<Response>,
    );
    expect(res.status).toBe(302);
    expect((await rows()).map((r) => r.templateName)).not.toContain("Big");
    // Kept for the restore points' lifetime (docs/operations.md#nothing-lost).
    const released = await withRequestContext(() => db().getConnection().execute<{ storage_key: string }[]>("select storage_key from released_object"));
    expect(released).toHaveLength(1);
    expect(storedFiles(env.dataDir)).toContain(released[0]!.storage_key);
    expect((await upload({ filename: "big2.pdf", body: PDF(200 * 1024) }, [["templateName", "Big 2"]])).status).toBe(201);
    await withRequestContext(() => db().nativeUpdate(Client, { id: env.demoClientId }, { maxStorageMB: 100 }));
  });
});
