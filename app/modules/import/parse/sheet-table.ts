/**
 * Turns the rows of one sheet (or a CSV) into what the wizard stages: the header row is the first
 * row with any value, empty rows are skipped, header names are made unique, and each column keeps its
 * first three non-empty values as samples (docs/import.md#mapping). Pure: the readers feed it row by row.
 */
import type { RawCell } from "../value-coercion";
import { LIMIT_MESSAGES, type ParseLimits } from "./limits";
import { unreadable } from "./errors";

export type StagedCell = string | number | boolean | Date | null;

export interface StagedColumn {
  name: string;
  index: number;
  sampleData: string[];
}

export const SAMPLE_VALUES = 3;
const SAMPLE_MAX_CHARS = 100;

const isBlank = (cell: RawCell) => cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");

/** A cell as the wizard shows it: dates as dd/mm/yyyy (with the time when it has one), numbers as Excel shows them. */
export function displayCell(cell: RawCell): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return "";
    const iso = cell.toISOString();
    const date = `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
    return iso.slice(11, 19) === "00:00:00" ? date : `${date} ${iso.slice(11, 16)}`;
  }
  if (typeof cell === "number") return Number.isFinite(cell) ? String(Number(cell.toPrecision(15))) : "";
  if (typeof cell === "boolean") return cell ? "TRUE" : "FALSE";
  const text = cell.trim();
  return text.length > SAMPLE_MAX_CHARS ? `${text.slice(0, SAMPLE_MAX_CHARS - 1)}…` : text;
}

/** Header names made unique in order: a second "Phone" becomes "Phone (2)"; blank headers "Column N". */
export function uniqueHeaderNames(headers: readonly string[]): string[] {
  const taken = new Set<string>();
  const key = (name: string) => name.toLowerCase();
  const base = headers.map((h, i) => h.replace(/\s+/g, " ").trim() || `Column ${i + 1}`);
  // Names as written are claimed first, so "Phone (2)" written in the file keeps its name.
  const firstOfName = new Map<string, number>();
  base.forEach((name, i) => {
    if (!firstOfName.has(key(name))) firstOfName.set(key(name), i);
  });
  for (const i of firstOfName.values()) taken.add(key(base[i]!));
  return base.map((name, i) => {
    if (firstOfName.get(key(name)) === i) return name;
    let n = 2;
    while (taken.has(key(`${name} (${n})`))) n++;
    const unique = `${name} (${n})`;
    taken.add(key(unique));
    return unique;
  });
}

/** A cell ready to stage: PostgreSQL's jsonb cannot hold U+0000, so a NUL becomes U+FFFD. */
function stageCell(cell: RawCell): StagedCell {
  if (cell === undefined || cell === null) return null;
  if (typeof cell === "string") return cell.includes("\u0000") ? cell.replaceAll("\u0000", "\ufffd") : cell;
  if (typeof cell === "number" && !Number.isFinite(cell)) return null;
  if (cell instanceof Date && Number.isNaN(cell.getTime())) return null;
  return cell;
}

export class SheetTable {
  private header: string[] | null = null;
  private width = 0;
  private readonly samples: string[][] = [];
  dataRows = 0;

  constructor(private readonly limits: Pick<ParseLimits, "maxColumns" | "maxCellChars">) {}

  get hasHeader() {
    return this.header !== null;
  }

  /**
   * One row of the file by its row number as the user sees it. Returns the cells to stage for a data
   * row, or null for the header row and empty rows. Throws ImportFileError past a limit.
   */
  push(rowNumber: number, cells: readonly RawCell[]): StagedCell[] | null {
    let end = cells.length;
    while (end > 0 && isBlank(cells[end - 1])) end--;
    if (end === 0) return null;
    if (end > this.limits.maxColumns) throw unreadable(LIMIT_MESSAGES.tooManyColumns(this.limits.maxColumns));
    const row: StagedCell[] = new Array<StagedCell>(end);
    for (let i = 0; i < end; i++) {
      const cell = cells[i];
      if (typeof cell === "string" && cell.length > this.limits.maxCellChars) throw unreadable(LIMIT_MESSAGES.cellTooLong(this.limits.maxCellChars, rowNumber));
      row[i] = stageCell(cell);
    }
    this.width = Math.max(this.width, end);
    if (!this.header) {
      this.header = row.map((cell) => displayCell(cell));
      return null;
    }
    this.dataRows++;
    for (let i = 0; i < end; i++) {
      const samples = (this.samples[i] ??= []);
      if (samples.length < SAMPLE_VALUES && !isBlank(row[i])) {
        const shown = displayCell(row[i]);
        if (shown) samples.push(shown);
      }
    }
    return row;
  }

  /** Every column: the header's, and any further ones data rows reached (named "Column N"). */
  columns(): StagedColumn[] {
    const headers = Array.from({ length: this.width }, (_, i) => this.header?.[i] ?? "");
    return uniqueHeaderNames(headers).map((name, index) => ({ name, index, sampleData: this.samples[index] ?? [] }));
  }
}
