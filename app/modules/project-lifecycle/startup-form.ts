/**
 * The /projects/new form as the page renders and re-renders it (docs/lifecycle.md#start-up-form): its ids, the values of
 * its fields as text, the team member rows, and how extracted PDF fields fill it. Client-safe; the
 * page action reads a posted form back with `readStartupForm`, and team rows are edited with
 * `applyRowEdit` (app/utils/row-list.ts) with and without JavaScript alike.
 */
import { MAX_TEAM_MEMBERS, STARTUP_FIELDS, type TeamMember } from "./startup-fields";
import type { ExtractedField } from "./startup-text";

export const STARTUP_FORM_ID = "project-startup";
export const STARTUP_PDF_FORM_ID = "startup-pdf";
/** How many extracted fields the auto-fill summary lists (docs/lifecycle.md#pdf-auto-fill). */
export const EXTRACTION_SUMMARY_COUNT = 8;
export const MAX_EXTRACTED_FIELDS = 100;

/** Every field's value as the inputs hold it: text, or "true"/"false" for a checkbox. */
export type StartupValues = Record<string, string>;

export interface TeamRow extends TeamMember {
  id: string;
}

export const teamFieldName = (index: number, part: keyof TeamRow) => `teamMembers[${index}].${part}`;

export function defaultStartupValues(): StartupValues {
  return Object.fromEntries(STARTUP_FIELDS.map((field) => [field.key, "defaultValue" in field ? String(field.defaultValue) : ""]));
}

export const blankTeamRow = (id: string): TeamRow => ({ id, name: "", rate: "", qualifications: "" });

/** Extracted fields over `values` (the PDF's reading wins: the user asked for it), and its team, if any. */
export function applyExtraction(values: StartupValues, team: TeamRow[], extraction: { fields: ExtractedField[]; teamMembers: TeamMember[] }): { values: StartupValues; team: TeamRow[] } {
  const filled = { ...values };
  for (const field of extraction.fields) if (field.field in filled) filled[field.field] = field.value;
  if (!extraction.teamMembers.length) return { values: filled, team };
  const rows = extraction.teamMembers.slice(0, MAX_TEAM_MEMBERS).map((member, index) => ({ id: String(index + 1), ...member }));
  return { values: filled, team: rows };
}

/**
 * A posted form back as values and team rows. A checkbox posts a hidden "false" and, when ticked,
 * "true" after it: the last value counts. Team rows keep their posted order and ids.
 */
export function readStartupForm(form: FormData): { values: StartupValues; team: TeamRow[] } {
  const values = defaultStartupValues();
  for (const field of STARTUP_FIELDS) {
    const posted = form.getAll(field.key).filter((v): v is string => typeof v === "string");
    if (posted.length) values[field.key] = posted[posted.length - 1]!.slice(0, 5000);
    else if (field.type === "checkbox") values[field.key] = "false";
  }
  const rows = new Map<number, TeamRow>();
  for (const [name, value] of form.entries()) {
    const match = /^teamMembers\[(\d{1,3})\]\.(id|name|rate|qualifications)$/.exec(name);
    if (!match || typeof value !== "string" || Number(match[1]) >= MAX_TEAM_MEMBERS) continue;
    const row = rows.get(Number(match[1])) ?? blankTeamRow("");
    row[match[2] as keyof TeamRow] = value.slice(0, 500);
    rows.set(Number(match[1]), row);
  }
  const seen = new Set<string>();
  const team = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row], index) => {
      const id = row.id && !seen.has(row.id) ? row.id : `n${index + 1}`;
      seen.add(id);
      return { ...row, id };
    });
  return { values, team };
}

/** The extracted-fields evidence a form carries in a hidden input, read back defensively. */
export function readExtractedFields(text: unknown): ExtractedField[] | null {
  if (typeof text !== "string" || !text.trim()) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return null;
    const fields = parsed
      .filter((f): f is ExtractedField => Boolean(f) && typeof f === "object" && ["field", "value", "label"].every((k) => typeof (f as Record<string, unknown>)[k] === "string"))
      .slice(0, MAX_EXTRACTED_FIELDS)
      .map((f) => ({ field: f.field.slice(0, 100), value: f.value.slice(0, 5000), label: f.label.slice(0, 200) }));
    return fields.length ? fields : null;
  } catch {
    return null;
  }
}

/** Field errors in the order the form shows its fields, so the error summary reads top to bottom. */
export function orderStartupErrors(errors: Record<string, string>): Record<string, string> {
  const order = ["_form", "clientId", ...STARTUP_FIELDS.map((field) => field.key)];
  const rank = (name: string) => {
    const team = /^teamMembers\[(\d+)\]/.exec(name);
    // Team rows sit between State and the terms, as on the form.
    if (team) return order.indexOf("state") + 0.001 * (Number(team[1]) + 1);
    const index = order.indexOf(name);
    return index < 0 ? order.length : index;
  };
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => rank(a) - rank(b)));
}
