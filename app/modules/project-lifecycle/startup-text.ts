/**
 * Reads a start-up form from the printed lines of a PDF (a form printed to PDF, or a fillable form
 * whose fields are drawn where they sit on the page): "Label: value", a label and its value in two
 * columns of a line, a label alone on its line with the value on the next, and the team table (a
 * header row naming name, rate and qualifications, one member per row, cells placed by their x).
 * Pure: the lines come from pdf-lines.ts, so the rules are unit-tested without a PDF.
 */
import { COLUMN_GAP, lineText, type PositionedLine } from "~/utils/pdf-lines";
import { MAX_TEAM_MEMBERS, type StartupField, type TeamMember, type TeamMemberPart } from "./startup-fields";
import { fieldForLabel, isOneWordLabel, normaliseFieldValue, normaliseTeamValue, teamColumnForHeader, teamMemberSlot } from "./startup-labels";

export interface ExtractedField {
  field: string;
  value: string;
  label: string;
}

export interface StartupExtraction {
  fields: ExtractedField[];
  teamMembers: TeamMember[];
}

type Labelled = { kind: "field"; field: StartupField; value: string } | { kind: "team"; row: number; part: TeamMemberPart; value: string } | { kind: "unknown" };

/** A label must sit near the start of its line; a colon further on belongs to the value ("Meeting at 10:30"). */
const MAX_LABEL_CHARS = 80;
/** Without a colon or a column gap a label is only read at the start of a short line, never in a sentence. */
const MAX_WORDS_FOR_BARE_LABEL = 12;
const MAX_LABEL_WORDS = 8;

function byLabel(label: string, value: string): Labelled | null {
  const field = fieldForLabel(label);
  if (field) return { kind: "field", field, value: value.trim() };
  const slot = teamMemberSlot(label);
  if (slot) return { kind: "team", ...slot, value: value.trim() };
  return null;
}

/**
 * What a line says: a field and its value (empty when the value is on the next line), "unknown" for a
 * "Something: …" line whose label is not the form's (so its words are not read as another label), or
 * null for ordinary text.
 */
export function readLabelledLine(text: string): Labelled | null {
  const cells = text.split(COLUMN_GAP);
  const first = cells[0]!;
  const rest = cells.slice(1).join(" ");
  const colon = first.indexOf(":");
  if (colon > 0 && colon <= MAX_LABEL_CHARS) return byLabel(first.slice(0, colon), `${first.slice(colon + 1)} ${rest}`) ?? { kind: "unknown" };
  const asLabel = byLabel(first, rest);
  if (asLabel) return asLabel;
  if (cells.length > 1 || /[.;]$/.test(first)) return null;
  const words = first.split(" ");
  if (words.length > MAX_WORDS_FOR_BARE_LABEL) return null;
  for (let count = Math.min(MAX_LABEL_WORDS, words.length - 1); count >= 1; count--) {
    const label = words.slice(0, count).join(" ");
    if (isOneWordLabel(label)) break;
    const found = byLabel(label, words.slice(count).join(" "));
    if (found) return found;
  }
  return null;
}

interface Column {
  part: TeamMemberPart;
  x: number;
}

/** The team table's columns when the line is its header row (every run a column heading, a name column among them). */
export function readTeamHeader(line: PositionedLine): Column[] | null {
  const runs = line.runs.filter((run) => run.str.trim() !== "");
  const columns: Column[] = [];
  for (let i = 0; i < runs.length;) {
    let found: { part: TeamMemberPart; next: number } | null = null;
    let text = "";
    for (let j = i; j < Math.min(runs.length, i + 4); j++) {
      text = `${text} ${runs[j]!.str}`;
      const part = teamColumnForHeader(text);
      if (part) found = { part, next: j + 1 };
    }
    if (!found || columns.some((c) => c.part === found.part)) return null;
    columns.push({ part: found.part, x: runs[i]!.x });
    i = found.next;
  }
  return columns.length >= 2 && columns.some((c) => c.part === "name") ? columns : null;
}

/** Reads the rows under a team header; returns the members and the index of the first line after the table. */
function readTeamRows(lines: readonly PositionedLine[], headerAt: number, columns: Column[]): { members: TeamMember[]; next: number } {
  const header = lines[headerAt]!;
  const members: TeamMember[] = [];
  let previousY = header.y;
  let i = headerAt + 1;
  for (; i < lines.length && members.length < MAX_TEAM_MEMBERS; i++) {
    const line = lines[i]!;
    const tolerance = 0.5 * header.size;
    const outside = line.runs.some((run) => run.x < columns[0]!.x - tolerance);
    const otherSize = Math.abs(line.size - header.size) > 0.2 * header.size;
    if (outside || otherSize || previousY - line.y > 3.5 * header.size || startsAField(line)) break;
    previousY = line.y;
    const cells: Partial<Record<TeamMemberPart, string>> = {};
    for (const run of line.runs) {
      const column = [...columns].reverse().find((c) => c.x <= run.x + tolerance) ?? columns[0]!;
      cells[column.part] = `${cells[column.part] ?? ""} ${run.str}`;
    }
    const row: TeamMember = {
      name: normaliseTeamValue("name", cells.name ?? ""),
      rate: normaliseTeamValue("rate", cells.rate ?? ""),
      qualifications: normaliseTeamValue("qualifications", cells.qualifications ?? ""),
    };
    const last = members[members.length - 1];
    if (row.name) members.push(row);
    else if (last) {
      // A cell that wrapped onto a second line belongs to the member above.
      last.rate = normaliseTeamValue("rate", `${last.rate} ${row.rate}`);
      last.qualifications = normaliseTeamValue("qualifications", `${last.qualifications} ${row.qualifications}`);
    }
  }
  return { members, next: i };
}

function startsAField(line: PositionedLine): boolean {
  const found = readLabelledLine(lineText(line));
  return found !== null && found.kind !== "unknown";
}

/** Whether a line can be the value of a label printed alone on the line above it. */
function canBeValue(line: PositionedLine | undefined, label: PositionedLine): line is PositionedLine {
  if (!line || label.y - line.y > 2.5 * Math.max(label.size, line.size)) return false;
  return readLabelledLine(lineText(line)) === null && readTeamHeader(line) === null;
}

/**
 * The fields and team members the lines of every page give. `skip` names fields already known (from
 * the PDF's own form fields): they are not read again from the text.
 */
export function readStartupText(pages: readonly (readonly PositionedLine[])[], skip: ReadonlySet<string> = new Set()): StartupExtraction {
  const fields = new Map<string, ExtractedField>();
  const slots = new Map<number, TeamMember>();
  const tableMembers: TeamMember[] = [];
  const keep = (field: StartupField, raw: string) => {
    if (skip.has(field.key) || fields.has(field.key)) return;
    const value = normaliseFieldValue(field, raw);
    if (value !== null) fields.set(field.key, { field: field.key, value, label: field.label });
  };

  for (const lines of pages) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const columns = readTeamHeader(line);
      if (columns) {
        const { members, next } = readTeamRows(lines, i, columns);
        tableMembers.push(...members);
        i = next - 1;
        continue;
      }
      const found = readLabelledLine(lineText(line));
      if (!found || found.kind === "unknown") continue;
      if (found.kind === "team") {
        const member = slots.get(found.row) ?? { name: "", rate: "", qualifications: "" };
        member[found.part] ||= normaliseTeamValue(found.part, found.value);
        slots.set(found.row, member);
        continue;
      }
      if (found.value) {
        keep(found.field, found.value);
        continue;
      }
      // A label alone on its line: the value is on the next (a comment may run over several).
      const valueLines: PositionedLine[] = [];
      let previous = line;
      while (canBeValue(lines[i + 1], previous) && (valueLines.length === 0 || (found.field.type === "textarea" && previous.y - lines[i + 1]!.y <= 1.6 * previous.size))) {
        previous = lines[++i]!;
        valueLines.push(previous);
      }
      if (valueLines.length) keep(found.field, valueLines.map((l) => lineText(l).split(COLUMN_GAP).join(" ")).join(found.field.type === "textarea" ? "\n" : " "));
    }
  }

  const numbered = [...slots.entries()].sort(([a], [b]) => a - b).map(([, member]) => member);
  const teamMembers = (numbered.length ? numbered : tableMembers).filter((member) => member.name).slice(0, MAX_TEAM_MEMBERS);
  return { fields: [...fields.values()], teamMembers };
}
