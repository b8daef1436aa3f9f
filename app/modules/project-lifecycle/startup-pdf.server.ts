/**
 * PDF auto-fill of the start-up form (docs/lifecycle.md#pdf-auto-fill): reads a filled-in form from a PDF's own
 * form fields (AcroForm widgets, matched by their names or their tooltips) and from its printed text
 * (labels and values, startup-text.ts). A fillable PDF whose fields have meaningless names ("Text1")
 * is read by placing each field's value where it sits on the page, next to its printed label.
 *
 * The file is untrusted: it must carry the PDF header (content, not only name or type), look complete,
 * and it is read with utils/pdfjs.server.ts's options in a worker thread (utils/pdf-worker.server.ts,
 * docs/operations.md#off-the-request-path) under the limits of startup-pdf-limits.ts (size, time,
 * pages: only the first pages are read) and the worker's heap cap. Encrypted, damaged, too-slow or
 * too-big-to-read files are refused with the spec's "Failed to process PDF" (and a code saying why).
 */
import { groupLines, type PositionedLine, type PositionedText } from "~/utils/pdf-lines";
import { createDeadline, type Deadline } from "~/modules/import/parse/limits";
import { AppError } from "~/utils/app-error";
import { hasPdfHeader, looksComplete, untrustedDocumentOptions } from "~/utils/pdfjs.server";
import { PdfReadError, readPdfPages, type PdfPageContent } from "~/utils/pdf-worker.server";
import { MAX_TEAM_MEMBERS, PDF_EXTRACT_MESSAGES, STARTUP_FIELDS, type TeamMember } from "./startup-fields";
import { fieldForFieldName, fieldForLabel, normaliseFieldValue, normaliseTeamValue, teamMemberSlot } from "./startup-labels";
import { STARTUP_PDF_TOO_LARGE_MESSAGE } from "~/utils/upload-limits";
import { STARTUP_PDF_LIMITS, type StartupPdfLimits } from "./startup-pdf-limits";
import { readStartupText, type ExtractedField, type StartupExtraction } from "./startup-text";

export type { ExtractedField, StartupExtraction };
export { STARTUP_PDF_LIMITS, STARTUP_PDF_TOO_LARGE_MESSAGE };

export const invalidPdf = () => new AppError(415, PDF_EXTRACT_MESSAGES.invalidFile, "INVALID_FILE");
type UnreadableCode = "PDF_DAMAGED" | "PDF_ENCRYPTED" | "PDF_TOO_SLOW" | "PDF_TOO_MUCH_MEMORY";
const unreadable = (code: UnreadableCode) => new AppError(422, PDF_EXTRACT_MESSAGES.processFailed, code);
const CODES: Record<PdfReadError["reason"], UnreadableCode> = {
  encrypted: "PDF_ENCRYPTED",
  damaged: "PDF_DAMAGED",
  tooManyPages: "PDF_DAMAGED", // not asked for: only the first pages are read
  tooSlow: "PDF_TOO_SLOW",
  tooMuchMemory: "PDF_TOO_MUCH_MEMORY",
};

interface Widget {
  name: string;
  tooltip: string;
  /** What the field holds as text: a choice's shown label, a ticked box "Yes" or an unticked "No". */
  value: string;
  isBox: boolean;
  rect: [number, number, number, number];
}

/** The form fields on a page with their current values (pdfjs's widget annotations, as the worker sent them). */
function pageWidgets(annotations: PdfPageContent["widgets"], max: number): Widget[] {
  const widgets: Widget[] = [];
  for (const a of annotations) {
    if (widgets.length >= max) break;
    if (typeof a.fieldName !== "string" || !a.fieldName || a.fieldType === "Sig" || a.pushButton) continue;
    const rect: Widget["rect"] = Array.isArray(a.rect) && a.rect.length === 4 ? (a.rect as Widget["rect"]) : [0, 0, 0, 0];
    const isBox = a.checkBox === true || a.radioButton === true;
    let value = "";
    if (a.checkBox === true) value = a.fieldValue !== "Off" && a.fieldValue === a.exportValue ? "Yes" : "No";
    else if (a.radioButton === true) value = a.fieldValue === a.buttonValue && typeof a.buttonValue === "string" ? a.buttonValue : "";
    else if (Array.isArray(a.fieldValue)) value = choiceLabel(a, String(a.fieldValue[0] ?? ""));
    else if (typeof a.fieldValue === "string") value = a.fieldType === "Ch" ? choiceLabel(a, a.fieldValue) : a.fieldValue;
    widgets.push({ name: a.fieldName, tooltip: typeof a.alternativeText === "string" ? a.alternativeText : "", value, isBox, rect });
  }
  return widgets;
}

/** A choice field stores its export value; the label shown for it names the choice better. */
function choiceLabel(annotation: Record<string, unknown>, exported: string): string {
  const options = Array.isArray(annotation.options) ? (annotation.options as { exportValue?: unknown; displayValue?: unknown }[]) : [];
  const shown = options.find((o) => o.exportValue === exported)?.displayValue;
  return typeof shown === "string" && shown ? shown : exported;
}

/** A field's value drawn as a text run where the field sits, so the text rules find it beside its label. */
function widgetRun(widget: Widget): PositionedText {
  const [x1, y1, x2, y2] = widget.rect;
  const height = Math.abs(y2 - y1);
  const size = Math.min(12, Math.max(6, height * 0.75));
  const str = widget.value.replace(/\s+/g, " ").trim();
  return { str, x: Math.min(x1, x2) + 2, y: Math.min(y1, y2) + Math.max(0, (height - size) / 2), width: Math.min(Math.abs(x2 - x1), str.length * size * 0.5), size };
}

interface NamedFields {
  fields: Map<string, ExtractedField>;
  /** Fields the PDF has (filled or not): the printed text must not fill them from a label nearby. */
  claimed: Set<string>;
  team: Map<number, TeamMember>;
  /** Fields whose names say nothing, drawn into the page's text. */
  unnamed: Widget[];
}

function readNamedWidgets(widgets: readonly Widget[], named: NamedFields): void {
  for (const widget of widgets) {
    const slot = teamMemberSlot(widget.name) ?? (widget.tooltip ? teamMemberSlot(widget.tooltip) : null);
    if (slot) {
      const member = named.team.get(slot.row) ?? { name: "", rate: "", qualifications: "" };
      member[slot.part] ||= normaliseTeamValue(slot.part, widget.value);
      named.team.set(slot.row, member);
      continue;
    }
    const field = fieldForFieldName(widget.name) ?? (widget.tooltip ? fieldForLabel(widget.tooltip) : null);
    if (!field) {
      if (widget.value.trim()) named.unnamed.push(widget);
      continue;
    }
    named.claimed.add(field.key);
    if (named.fields.has(field.key)) continue;
    // A box ticks a checkbox field; for a choice it is the chosen option (a radio button group).
    const value = normaliseFieldValue(field, widget.isBox && field.type !== "checkbox" && widget.value === "No" ? "" : widget.value);
    if (value !== null) named.fields.set(field.key, { field: field.key, value, label: field.label });
  }
}

const CATALOGUE_ORDER = new Map<string, number>(STARTUP_FIELDS.map((field, i) => [field.key, i]));

/**
 * The start-up fields and team members a filled-in form gives, values normalised to what the form
 * takes. Refuses (AppError) a file that is not a PDF (415), one past the size limit (413), one that
 * cannot be read (422 "Failed to process PDF") and one in which no field was found (422 "Failed to
 * extract fields from PDF").
 */
export async function extractStartupFields(bytes: Uint8Array, options: { limits?: Partial<StartupPdfLimits>; deadline?: Deadline } = {}): Promise<StartupExtraction> {
  const limits = { ...STARTUP_PDF_LIMITS, ...options.limits };
  if (bytes.length > limits.maxBytes) throw new AppError(413, STARTUP_PDF_TOO_LARGE_MESSAGE);
  if (!hasPdfHeader(bytes)) throw invalidPdf();
  if (!looksComplete(bytes)) throw unreadable("PDF_DAMAGED");
  const deadline = options.deadline ?? createDeadline(limits.timeLimitMs);
  if (deadline.expired()) throw unreadable("PDF_TOO_SLOW");
  let read;
  try {
    read = await readPdfPages({
      bytes,
      maxPages: limits.maxPages,
      maxWidgetsPerPage: limits.maxWidgetsPerPage,
      maxTextRunsPerPage: limits.maxTextRunsPerPage,
      deadline,
      heapMb: limits.workerHeapMb,
      documentOptions: untrustedDocumentOptions(),
    });
  } catch (error) {
    if (error instanceof PdfReadError) throw unreadable(CODES[error.reason]);
    throw error;
  }
  // A read that ended after the deadline is refused like one that was stopped at it.
  if (deadline.expired()) throw unreadable("PDF_TOO_SLOW");
  const named: NamedFields = { fields: new Map(), claimed: new Set(), team: new Map(), unnamed: [] };
  const pages: PositionedLine[][] = [];
  for (const page of read.pages) {
    named.unnamed = [];
    readNamedWidgets(pageWidgets(page.widgets, limits.maxWidgetsPerPage), named);
    pages.push(groupLines([...page.runs, ...named.unnamed.map(widgetRun)]));
  }

  const text = readStartupText(pages, named.claimed);
  const fields = [...named.fields.values(), ...text.fields].sort((a, b) => CATALOGUE_ORDER.get(a.field)! - CATALOGUE_ORDER.get(b.field)!);
  const numbered = [...named.team.entries()].sort(([a], [b]) => a - b).map(([, member]) => member);
  const teamMembers = (numbered.some((m) => m.name) ? numbered : text.teamMembers).filter((member) => member.name).slice(0, MAX_TEAM_MEMBERS);
  if (fields.length === 0 && teamMembers.length === 0) throw new AppError(422, PDF_EXTRACT_MESSAGES.extractFailed, "NO_FIELDS_FOUND");
  return { fields, teamMembers };
}
