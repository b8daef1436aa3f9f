import fs from "node:fs";
import { loadPdfjs } from "~/utils/pdfjs.server";
import { AppError } from "~/utils/app-error";
import { PDF_EXTRACT_MESSAGES } from "./startup-fields";
import { extractStartupFields, STARTUP_PDF_TOO_LARGE_MESSAGE } from "./startup-pdf.server";

/** The committed fixtures (tests/fixtures/project-startup/README.md says how LibreOffice made them). */
const fixture = (name: string) => new Uint8Array(fs.readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url)));
const FILLABLE = "project-startup/startup-form-fillable.pdf";
const UNNAMED = "project-startup/startup-form-unnamed-fields.pdf";
const PRINTED = "project-startup/startup-form-printed.pdf";
const ENCRYPTED = "project-startup/startup-form-encrypted.pdf";

const FILLABLE_FIELDS = {
  projectTitle: "Hume Highway Duplication – Stage 3 Land Access",
  projectNumber: "CNC-2025-0173",
  clientName: "Riverina Roads Authority",
  clientABN: "51824753556",
  clientProjectManager: "Sarah O'Brien",
  clientPhone: "02 6123 4567",
  cncProjectManager: "David Nguyen",
  leadBusinessUnit: "Land & Approvals",
  projectStartDate: "2025-02-03",
  estimatedEndDate: "2026-06-30",
  sector: "infrastructure",
  region: "Riverina",
  state: "NSW",
  termsOfAgreement: "servicesAgreement",
  termsOfEngagement: "scheduleOfRates",
  additionalComments: "Access east of the Murrumbidgee River needs 48 hours' notice to landholders.",
  "settings.allowPublicView": "true",
  "settings.requireApproval": "false",
  "settings.defaultTimezone": "Australia/Brisbane",
};
const FILLABLE_TEAM = [
  { name: "Emma Clarke", rate: "$165/hr", qualifications: "BEng (Civil), Certified Land Access Practitioner" },
  { name: "Liam Patel", rate: "$140/hr", qualifications: "Dip. Community Engagement" },
];

const asObject = (fields: { field: string; value: string }[]) => Object.fromEntries(fields.map((f) => [f.field, f.value]));

async function refusal(work: Promise<unknown>): Promise<{ status: number; message: string; code?: string }> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { status: error.status, message: error.message, ...(error.code ? { code: error.code } : {}) };
}

describe("the fixtures are what they claim (read with pdfjs directly)", () => {
  async function open(name: string) {
    const { getDocument } = await loadPdfjs();
    return getDocument({ data: fixture(name), verbosity: 0 }).promise;
  }

  it("the fillable form carries AcroForm fields named after the catalogue keys, holding the values", async () => {
    const document = await open(FILLABLE);
    const fields = (await document.getFieldObjects())!;
    expect(fields.projectTitle![0]).toMatchObject({ type: "text", value: FILLABLE_FIELDS.projectTitle });
    expect(fields.sector![0]).toMatchObject({ type: "combobox", value: "Infrastructure" });
    expect(fields.allowPublicView![0]).toMatchObject({ type: "checkbox", value: "Yes" });
    expect(fields.requireApproval![0]).toMatchObject({ type: "checkbox", value: "Off" });
    expect(fields.teamMember2Name![0]).toMatchObject({ value: "Liam Patel" });
    // The values live in the fields only: the page's text has the labels.
    const text = (await (await document.getPage(1)).getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join(" ");
    expect(text).toContain("Client ABN");
    expect(text).not.toContain("Riverina Roads Authority");
    await document.destroy();
  });

  it("the unnamed variant has LibreOffice's default field names; the printed one has no fields at all", async () => {
    const unnamed = await open(UNNAMED);
    expect(Object.keys((await unnamed.getFieldObjects())!)).toEqual(expect.arrayContaining(["Text Box 1", "List Box 1", "Check Box 1"]));
    await unnamed.destroy();
    const printed = await open(PRINTED);
    expect(await printed.getFieldObjects()).toBeNull();
    expect(printed.numPages).toBe(2);
    await printed.destroy();
  });
});

describe("extractStartupFields", () => {
  it("reads a fillable form's fields by their names, values normalised to the form", async () => {
    const result = await extractStartupFields(fixture(FILLABLE));
    expect(asObject(result.fields)).toEqual(FILLABLE_FIELDS);
    expect(result.fields[0]).toEqual({ field: "projectTitle", value: FILLABLE_FIELDS.projectTitle, label: "Project Title" });
    expect(result.teamMembers).toEqual(FILLABLE_TEAM);
  });

  it("reads a fillable form whose fields have meaningless names by the labels printed beside them", async () => {
    const result = await extractStartupFields(fixture(UNNAMED));
    expect(asObject(result.fields)).toEqual(FILLABLE_FIELDS);
    expect(result.teamMembers).toEqual(FILLABLE_TEAM);
  });

  it("reads a form printed to PDF from its labels and values, over both pages", async () => {
    const bytes = fixture(PRINTED);
    const result = await extractStartupFields(bytes);
    expect(asObject(result.fields)).toEqual({
      projectTitle: "Goulburn Valley Water Main Renewal – Easement Acquisition",
      projectNumber: "GVW-24-0412",
      clientName: "Goulburn Valley Regional Water Corporation",
      clientABN: "53004085616",
      clientProjectManager: "Priya Raman",
      clientPhone: "(03) 5832 0400",
      cncProjectManager: "Tom Fitzgerald",
      leadBusinessUnit: "Regional Victoria",
      projectStartDate: "2025-07-14",
      estimatedEndDate: "2027-03-31",
      sector: "environmental",
      region: "Goulburn Valley",
      state: "VIC",
      termsOfAgreement: "purchaseOrder",
      termsOfEngagement: "fixedFee",
      additionalComments: "Landholder meetings to be held at the Shepparton office; interpreters booked for Punjabi speakers.",
      "settings.allowPublicView": "false",
      "settings.requireApproval": "true",
      "settings.defaultTimezone": "Australia/Melbourne",
    });
    expect(result.teamMembers).toEqual([
      { name: "Grace Kim", rate: "$150.00", qualifications: "BA (Hons) Social Science" },
      { name: "Noah Williams", rate: "$125.00", qualifications: "" },
      { name: "Aroha Ngata", rate: "", qualifications: "Registered Surveyor (Vic)" },
    ]);
    // The caller's bytes are not handed over to pdfjs.
    expect(bytes.length).toBe(fixture(PRINTED).length);
  });

  it("reads only the first pages under the page limit", async () => {
    const result = await extractStartupFields(fixture(PRINTED), { limits: { maxPages: 1 } });
    expect(result.fields.map((f) => f.field)).toContain("state");
    expect(result.fields.map((f) => f.field)).not.toContain("termsOfAgreement");
  });
});

describe("hostile and unusable files", () => {
  const failedToProcess = (code: string) => ({ status: 422, message: PDF_EXTRACT_MESSAGES.processFailed, code });

  it.each([
    ["a PNG", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ["a Word file", Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.from("word/document.xml")])],
    ["text that mentions %PDF- after the first KB", Buffer.concat([Buffer.alloc(2048, 0x41), Buffer.from("%PDF-1.7")])],
    ["an empty file", Buffer.alloc(0)],
  ])("%s is not a PDF", async (_name, bytes) => {
    expect(await refusal(extractStartupFields(new Uint8Array(bytes)))).toEqual({ status: 415, message: "Invalid File: Please upload a PDF file.", code: "INVALID_FILE" });
  });

  it("a truncated PDF fails to process", async () => {
    const whole = fixture(FILLABLE);
    expect(await refusal(extractStartupFields(whole.subarray(0, Math.floor(whole.length / 2))))).toEqual(failedToProcess("PDF_DAMAGED"));
  });

  it("a PDF header with garbage after it fails to process", async () => {
    const garbage = new Uint8Array(Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\n"), Buffer.alloc(4000, 0x7b), Buffer.from("\n%%EOF\n")]));
    expect(await refusal(extractStartupFields(garbage))).toEqual(failedToProcess("PDF_DAMAGED"));
  });

  it("an encrypted PDF fails to process, saying why in its code", async () => {
    expect(await refusal(extractStartupFields(fixture(ENCRYPTED)))).toEqual(failedToProcess("PDF_ENCRYPTED"));
  });

  it("a file past the size limit is refused before it is read", async () => {
    expect(await refusal(extractStartupFields(fixture(FILLABLE), { limits: { maxBytes: 1000 } }))).toEqual({ status: 413, message: STARTUP_PDF_TOO_LARGE_MESSAGE });
  });

  it("reading stops at the time limit", async () => {
    const expired = { expired: () => true, remainingMs: () => 0 };
    expect(await refusal(extractStartupFields(fixture(FILLABLE), { deadline: expired }))).toEqual(failedToProcess("PDF_TOO_SLOW"));
    // A deadline that passes after the document has opened stops before the next page.
    let checks = 0;
    const passesSoon = { expired: () => ++checks > 1, remainingMs: () => 60_000 };
    expect(await refusal(extractStartupFields(fixture(PRINTED), { deadline: passesSoon }))).toEqual(failedToProcess("PDF_TOO_SLOW"));
  });

  it.each([
    ["a letter", "import/titles/no-statement.pdf"],
    ["a scan without text", "import/titles/scanned-title.pdf"],
  ])("%s has no start-up fields: failed to extract", async (_name, name) => {
    expect(await refusal(extractStartupFields(fixture(name)))).toEqual({ status: 422, message: PDF_EXTRACT_MESSAGES.extractFailed, code: "NO_FIELDS_FOUND" });
  });
});
