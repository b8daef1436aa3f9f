/**
 * One data row of a mapped file as the values to write, or why the row is skipped (docs/import.md#values: "a value
 * that cannot be coerced skips its row with a reason"). Every problem of the row is reported, so the
 * Complete step and its CSV list each one with its column and value.
 */
import type { MappedColumn } from "./column-mapping";
import { CUSTOM_PREFIX, importFields, type ImportType } from "./import-fields";
import { coerceCell, showCell, type CoercedValue, type RawCell } from "./value-coercion";

export interface RowProblem {
  /** The file's column index, or -1 when a required field has no column at all. */
  index: number;
  column: string;
  /** The cell as the file wrote it (shortened when long). */
  value: string;
  reason: string;
}

export type RowCoercion = { ok: true; values: Record<string, CoercedValue>; customFields: Record<string, CoercedValue> | null } | { ok: false; problems: RowProblem[] };

/** `cells` are the row's cells by column index; `columns` the validated mapping (validateMapping). */
export function coerceRow(type: ImportType, columns: readonly MappedColumn[], cells: readonly RawCell[]): RowCoercion {
  const problems: RowProblem[] = [];
  const values: [string, CoercedValue][] = [];
  const custom: [string, CoercedValue][] = [];
  for (const { index, column, target, field } of columns) {
    const raw = cells[index];
    const result = coerceCell(raw, field);
    if (!result.ok) problems.push({ index, column, value: showCell(raw), reason: result.reason });
    else if (target.startsWith(CUSTOM_PREFIX)) {
      // Blank custom cells add no key: customFields holds what the file said, not its empty columns.
      if (result.value !== null) custom.push([target.slice(CUSTOM_PREFIX.length), result.value]);
    } else values.push([target, result.value]);
  }
  const mapped = new Set(columns.map((c) => c.target));
  for (const field of importFields(type)) {
    if (field.required && !mapped.has(field.key)) problems.push({ index: -1, column: "", value: "", reason: field.requiredMessage ?? `${field.label} is required` });
  }
  if (problems.length) return { ok: false, problems };
  // fromEntries defines own properties, so no key can reach Object.prototype.
  return { ok: true, values: Object.fromEntries(values), customFields: custom.length ? Object.fromEntries(custom) : null };
}
