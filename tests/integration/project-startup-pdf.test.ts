import fs from "node:fs";
import { getOrm } from "../../db/orm";
import { action as extractPdfFields } from "../../app/routes/api.extract-pdf-fields";
import { NO_FILE_MESSAGE } from "../../app/modules/document/file-types";
import { STARTUP_PDF_LIMITS } from "../../app/modules/project-lifecycle/startup-pdf-limits";
import { STARTUP_PDF_TOO_LARGE_MESSAGE } from "../../app/utils/upload-limits";
import { call, generatedBytes, multipartRequest, PNG, useUploadTestEnvironment, type FilePart } from "./support/uploads";

/**
 * POST /api/extract-pdf-fields (docs/lifecycle.md#pdf-auto-fill): the start-up form's PDF auto-fill through its
 * route, against a real PostgreSQL with the seeded users. The fixtures are LibreOffice's
 * (tests/fixtures/project-startup/README.md).
 */
const env = useUploadTestEnvironment("startup-pdf");
const URL = "http://localhost:3000/api/extract-pdf-fields";
const fixture = (name: string) => fs.readFileSync(new globalThis.URL(`../fixtures/${name}`, import.meta.url));

async function post(role: string | null, file: FilePart | null, counter?: { produced: number }) {
  const request = multipartRequest(URL, role ? env.cookies[role]! : "", [], file, counter);
  const response = await call(() => extractPdfFields({ request, params: {}, context: {} }) as Promise<Response>);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const pdf = (name: string, filename = "start-up form.pdf"): FilePart => ({ name: "pdf", filename, body: fixture(name), type: "application/pdf" });

/** A multipart body that records whether anyone read it. */
function watchedRequest(cookie: string) {
  const state = { pulled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulled = true;
        controller.enqueue(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="pdf"; filename="a.pdf"\r\n\r\n%PDF-1.7\r\n--x--\r\n'));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(URL, { method: "POST", headers: { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x" }, body, duplex: "half" } as RequestInit);
  return { state, request };
}

describe("POST /api/extract-pdf-fields", () => {
  it("reads a fillable start-up form for a director: fields (field, value, label), team members and the spec's message", async () => {
    const { status, body } = await post("director", pdf("project-startup/startup-form-fillable.pdf"));
    expect(status).toBe(200);
    expect(body.message).toBe("Extracted 19 fields and auto-populated the form");
    expect(body.fields).toHaveLength(19);
    expect(body.fields.slice(0, 4)).toEqual([
      { field: "projectTitle", value: "Hume Highway Duplication – Stage 3 Land Access", label: "Project Title" },
      { field: "projectNumber", value: "CNC-2025-0173", label: "Project Number" },
      { field: "clientName", value: "Riverina Roads Authority", label: "Client Name" },
      { field: "clientABN", value: "51824753556", label: "Client ABN" },
    ]);
    expect(body.fields).toContainEqual({ field: "projectStartDate", value: "2025-02-03", label: "Project Start Date" });
    expect(body.fields).toContainEqual({ field: "settings.requireApproval", value: "false", label: "Require approval" });
    expect(body.teamMembers).toEqual([
      { name: "Emma Clarke", rate: "$165/hr", qualifications: "BEng (Civil), Certified Land Access Practitioner" },
      { name: "Liam Patel", rate: "$140/hr", qualifications: "Dip. Community Engagement" },
    ]);
  });

  it("reads a form printed to PDF for a project manager, and for another client's owner (no project is involved)", async () => {
    const manager = await post("project_manager", pdf("project-startup/startup-form-printed.pdf"));
    expect(manager.status).toBe(200);
    expect(manager.body.fields).toContainEqual({ field: "state", value: "VIC", label: "State" });
    expect(manager.body.teamMembers.map((m: { name: string }) => m.name)).toEqual(["Grace Kim", "Noah Williams", "Aroha Ngata"]);
    const other = await post("second_owner", pdf("project-startup/startup-form-printed.pdf"));
    expect(other.status).toBe(200);
    expect(other.body.fields).toEqual(manager.body.fields);
  });

  it("refuses a viewer and an officer (403, audited) and a caller with no session (401) before reading the body", async () => {
    for (const role of ["viewer", "officer"]) {
      const { state, request } = watchedRequest(env.cookies[role]!);
      const response = await call(() => extractPdfFields({ request, params: {}, context: {} }) as Promise<Response>);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "You do not have permission to create projects" });
      expect(state.pulled).toBe(false);
    }
    const anonymous = watchedRequest("");
    const response = await call(() => extractPdfFields({ request: anonymous.request, params: {}, context: {} }) as Promise<Response>);
    expect(response.status).toBe(401);
    expect(anonymous.state.pulled).toBe(false);

    // The refusal is written on its own connection, without awaiting: give it a moment.
    await expect
      .poll(async () => getOrm().em.getConnection().execute("select user_id, entity_type, after from audit_log where action = 'access.refused' and user_id = 'seed-viewer'"))
      .toEqual([{ user_id: "seed-viewer", entity_type: "Project", after: expect.objectContaining({ status: 403, reason: "role viewer lacks createProjects", path: "/api/extract-pdf-fields" }) }]);
  });

  it.each([
    ["a PNG named .pdf", { name: "pdf", filename: "form.pdf", body: PNG(), type: "application/pdf" }],
    ["text named .pdf", { name: "pdf", filename: "form.pdf", body: Buffer.from("Project Title: Hume Highway\n"), type: "application/pdf" }],
    [
      "a real PDF named .docx",
      { name: "pdf", filename: "form.docx", body: fixture("project-startup/startup-form-printed.pdf"), type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
    ],
    ["an empty file", { name: "pdf", filename: "form.pdf", body: Buffer.alloc(0), type: "application/pdf" }],
  ])("refuses %s: Invalid File", async (_name, file) => {
    expect(await post("director", file)).toEqual({ status: 415, body: { message: "Invalid File: Please upload a PDF file.", code: "INVALID_FILE" } });
  });

  it("stops reading a file that is not a PDF at its first kilobyte", async () => {
    const counter = { produced: 0 };
    const { status } = await post("director", { name: "pdf", filename: "big.pdf", body: generatedBytes(8 * 1024 * 1024, Buffer.from("not a pdf"), 64 * 1024), type: "application/pdf" }, counter);
    expect(status).toBe(415);
    expect(counter.produced).toBeLessThan(1024 * 1024);
  });

  it("refuses a file past the size limit while it streams", async () => {
    const counter = { produced: 0 };
    const body = generatedBytes(STARTUP_PDF_LIMITS.maxBytes + 1, Buffer.from("%PDF-1.7\n"), 256 * 1024);
    const { status, body: answer } = await post("director", { name: "pdf", filename: "huge.pdf", body, type: "application/pdf" }, counter);
    expect({ status, answer }).toEqual({ status: 413, answer: { message: STARTUP_PDF_TOO_LARGE_MESSAGE } });
    expect(counter.produced).toBeLessThan(STARTUP_PDF_LIMITS.maxBytes + 1024 * 1024);
  });

  it.each([
    ["an encrypted PDF", "project-startup/startup-form-encrypted.pdf", 422, { message: "Failed to process PDF", code: "PDF_ENCRYPTED" }],
    ["a letter", "import/titles/no-statement.pdf", 422, { message: "Failed to extract fields from PDF", code: "NO_FIELDS_FOUND" }],
  ])("answers %s with the spec's failure", async (_name, name, status, body) => {
    expect(await post("director", pdf(name))).toEqual({ status, body });
  });

  it("a truncated PDF fails to process", async () => {
    const whole = fixture("project-startup/startup-form-fillable.pdf");
    expect(await post("director", { name: "pdf", filename: "cut.pdf", body: whole.subarray(0, 20_000), type: "application/pdf" })).toEqual({
      status: 422,
      body: { message: "Failed to process PDF", code: "PDF_DAMAGED" },
    });
  });

  it("needs the file in the part named pdf, and only POST", async () => {
    expect(await post("director", { ...pdf("project-startup/startup-form-fillable.pdf"), name: "file" })).toEqual({ status: 400, body: { message: NO_FILE_MESSAGE } });
    const get = await call(() => extractPdfFields({ request: new Request(URL, { headers: { Cookie: env.cookies.director! } }), params: {}, context: {} }) as Promise<Response>);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });
});
