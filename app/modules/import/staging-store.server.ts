/**
 * The SQL of import staging: rows are written in batches (one statement per batch, the rows as one
 * JSON parameter) and read back in row-number order by keyset, so neither side holds a sheet in memory.
 */
import { sqlExecute, sqlRows } from "~db/sql.server";
import type { StagedCell } from "./parse/sheet-table";
import type { Geometry } from "~/modules/parcels/geojson";

/** A cell as stored in jsonb: dates as `{ "d": ISO }` (JSON has no dates), the rest as JSON values. */
export function encodeCells(cells: readonly StagedCell[]): unknown[] {
  return cells.map((cell) => (cell instanceof Date ? { d: cell.toISOString() } : cell));
}

export function decodeCells(json: unknown): StagedCell[] {
  if (!Array.isArray(json)) return [];
  return json.map((cell: unknown) => {
    if (cell && typeof cell === "object" && typeof (cell as { d?: unknown }).d === "string") return new Date((cell as { d: string }).d);
    if (typeof cell === "string" || typeof cell === "number" || typeof cell === "boolean") return cell;
    return null;
  });
}

export async function insertStagedRows(dataKey: string, rows: { rowNumber: number; cells: StagedCell[] }[]) {
  if (rows.length === 0) return;
  const payload = JSON.stringify(rows.map((row) => [row.rowNumber, encodeCells(row.cells)]));
  await sqlExecute(
    `insert into import_staged_row (data_key, row_number, cells)
     select ?, (r->>0)::int, r->1 from jsonb_array_elements(?::jsonb) as r`,
    [dataKey, payload],
  );
}

/** The import job calls these outside any request context too (db/sql.server.ts needs none). */
export async function selectStagedRows(dataKey: string, afterRow: number, limit: number) {
  const rows = await sqlRows<{ row_number: number; cells: unknown }>(`select row_number, cells from import_staged_row where data_key = ? and row_number > ? order by row_number limit ?`, [
    dataKey,
    afterRow,
    limit,
  ]);
  return rows.map((row) => ({ rowNumber: Number(row.row_number), cells: decodeCells(typeof row.cells === "string" ? JSON.parse(row.cells) : row.cells) }));
}

/** As selectStagedRows, with each row's shape (a parcel file's). */
export async function selectStagedGisRows(dataKey: string, afterRow: number, limit: number) {
  const rows = await sqlRows<{ row_number: number; cells: unknown; geometry: unknown }>(
    `select row_number, cells, geometry from import_staged_row where data_key = ? and row_number > ? order by row_number limit ?`,
    [dataKey, afterRow, limit],
  );
  const parse = (value: unknown) => (typeof value === "string" ? (JSON.parse(value) as unknown) : value);
  return rows.map((row) => ({ rowNumber: Number(row.row_number), cells: decodeCells(parse(row.cells)), geometry: (parse(row.geometry) ?? null) as Geometry | null }));
}

export async function deleteWorkbookOfData(dataKey: string) {
  await sqlExecute(`delete from import_workbook where workbook_key in (select workbook_key from import_staged_data where data_key = ?)`, [dataKey]);
}

export async function deleteWorkbooksOlderThan(cutoff: Date): Promise<number> {
  const deleted = await sqlRows<{ workbook_key: string }>(`delete from import_workbook where created_at < ? returning workbook_key`, [cutoff]);
  return deleted.length;
}
