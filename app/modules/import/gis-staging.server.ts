/**
 * Staging of a parcel file (docs/import.md#parcels): the GeoJSON, zipped shapefile or KML is read whole
 * (app/modules/parcels/read-gis.ts; 50MB, 50,000 shapes), and each shape becomes one staged row: its
 * attributes as the row's cells (one column per attribute name) and its shape, as the file wrote it, beside
 * them. What the file says about its coordinate system, and every shape's problems by row, are kept with
 * the staged data for the mapping step. A file refused whole leaves nothing behind (the caller's transaction).
 */
import fs from "node:fs";
import { sqlExecute } from "~db/sql.server";
import { collectBetweenBatches } from "~/utils/batch-garbage.server";
import { GisFileError, readGisFile, type GisProblem } from "~/modules/parcels/read-gis";
import type { Feature } from "~/modules/parcels/geojson";
import { boxOf, type Box } from "~/modules/parcels/prepare";
import { ImportFileError, invalidFile, unreadable } from "./parse/errors";
import { GIS_NEEDS_PARCELS_MESSAGE, INVALID_GIS_FILE_MESSAGE, NO_ROWS_MESSAGE } from "./parse/file-kind";
import { LIMIT_MESSAGES, type ParseLimits } from "./parse/limits";
import type { StagedCell, StagedColumn } from "./parse/sheet-table";

/** What the mapping step needs to know of a staged parcel file (import_staged_data.gis). */
export interface GisStaging {
  /** "GeoJSON", "shapefile", "KML". */
  format: string;
  /** The system the file names (EPSG code), or null: the mapping step asks. */
  crs: string | null;
  /** What to offer first when the file does not say (WGS84 for GeoJSON in degrees). */
  suggestedCrs: string | null;
  /** The coordinates' box as written, to check a chosen system against (prepare.ts crsMismatch). */
  box: Box | null;
  /** The file's problems: its coordinate system (no row), then each invalid shape by row. */
  problems: GisProblem[];
}

const FORMATS: Record<string, string> = { geojson: "GeoJSON", json: "GeoJSON", zip: "shapefile", kml: "KML", kmz: "KML" };
const INSERT_BATCH = 500;
const SAMPLES = 3;

/** A refusal of the parcel reader as the wizard's: 415 is "Invalid File", the rest "Failed to parse file". */
function asImportRefusal(error: unknown): unknown {
  if (!(error instanceof GisFileError)) return error;
  return error.status === 415 ? invalidFile(error.message) : new ImportFileError(error.status as 413 | 422, error.message);
}

/** An attribute as a staged cell: text, numbers and yes/no as they are, anything else as its JSON. */
function cellOf(value: unknown): StagedCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value;
  return JSON.stringify(value);
}

function columnsOf(features: readonly Feature[], limits: ParseLimits): { columns: StagedColumn[]; indexOf: Map<string, number> } {
  const indexOf = new Map<string, number>();
  const columns: StagedColumn[] = [];
  for (const feature of features) {
    for (const [name, value] of Object.entries(feature.properties ?? {})) {
      let index = indexOf.get(name);
      if (index === undefined) {
        if (columns.length >= limits.maxColumns) throw unreadable(LIMIT_MESSAGES.tooManyColumns(limits.maxColumns));
        index = columns.length;
        indexOf.set(name, index);
        columns.push({ name, index, sampleData: [] });
      }
      const samples = columns[index]!.sampleData;
      const text = value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
      if (samples.length < SAMPLES && text.trim()) samples.push(text.length > 200 ? `${text.slice(0, 200)}…` : text);
    }
  }
  return { columns, indexOf };
}

export interface ReadGisUpload {
  features: Feature[];
  columns: StagedColumn[];
  indexOf: Map<string, number>;
  gis: GisStaging;
}

/** Reads the parcel file (before any transaction opens: a large file takes a while). */
export async function readGisUpload(file: { path: string; fileName: string }, limits: ParseLimits): Promise<ReadGisUpload> {
  let read;
  try {
    // A Buffer is a Uint8Array: passed as it is, not copied (a 20 MB file would be held twice).
    read = await readGisFile(file.fileName, await fs.promises.readFile(file.path), { limits: { maxFileBytes: limits.maxFileBytes } });
  } catch (error) {
    throw asImportRefusal(error);
  }
  const { features } = read;
  if (!features.length) throw unreadable(NO_ROWS_MESSAGE);
  const { columns, indexOf } = columnsOf(features, limits);
  let box: Box | null = null;
  for (const feature of features) {
    if (!feature.geometry) continue;
    const b = boxOf(feature.geometry);
    if (!Number.isFinite(b.minX)) continue;
    box = box ? { minX: Math.min(box.minX, b.minX), minY: Math.min(box.minY, b.minY), maxX: Math.max(box.maxX, b.maxX), maxY: Math.max(box.maxY, b.maxY) } : b;
  }
  const extension = /\.([a-z0-9]+)$/i.exec(file.fileName)?.[1]?.toLowerCase() ?? "";
  const gis: GisStaging = { format: FORMATS[extension] ?? "GIS", crs: read.crs?.code ?? null, suggestedCrs: read.suggestedCrs?.code ?? null, box, problems: read.problems };
  return { features, columns, indexOf, gis };
}

/** Writes the read file's staged rows under `dataKey` inside the caller's transaction (the workbook row already written). */
export async function writeGisRows({ features, columns, indexOf, gis }: ReadGisUpload, { workbookKey, dataKey }: { workbookKey: string; dataKey: string }): Promise<void> {
  await sqlExecute(`insert into import_staged_data (data_key, workbook_key, sheet, sheet_index, columns, total_rows, gis) values (?, ?, null, 0, ?::jsonb, ?, ?::jsonb)`, [
    dataKey,
    workbookKey,
    JSON.stringify(columns),
    features.length,
    JSON.stringify(gis),
  ]);
  // The file's bytes and text (twice the file's size) are garbage once read: one full collection frees them
  // before the batches add their own (needs --expose-gc, as collectBetweenBatches; docs/operations.md#off-the-request-path).
  globalThis.gc?.();
  for (let start = 0; start < features.length; start += INSERT_BATCH) {
    const batch = features.slice(start, start + INSERT_BATCH).map((feature, i) => {
      const cells: unknown[] = Array.from({ length: columns.length }, () => null);
      for (const [name, value] of Object.entries(feature.properties ?? {})) {
        const cell = cellOf(value);
        cells[indexOf.get(name)!] = cell instanceof Date ? { d: cell.toISOString() } : cell;
      }
      // Row numbers are the shapes' positions in the file, as the problems name them.
      return [start + i + 1, cells, feature.geometry];
    });
    await sqlExecute(
      `insert into import_staged_row (data_key, row_number, cells, geometry)
       select ?, (r->>0)::int, r->1, nullif(r->2, 'null'::jsonb) from jsonb_array_elements(?::jsonb) as r`,
      [dataKey, JSON.stringify(batch)],
    );
    // Each batch's JSON is garbage once written: without this a 20,000-shape file's piles up past 400 MB
    // before V8's next full collection (docs/operations.md#off-the-request-path).
    collectBetweenBatches();
  }
}

/** A staged data row's `gis` column read back; null for a spreadsheet. */
export function gisStagingOf(value: unknown): GisStaging | null {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  if (!parsed || typeof parsed !== "object") return null;
  return parsed as GisStaging;
}

/** The refusal of a spreadsheet for the Parcels type, or of a parcel file for another type (the wizard's upload check). */
export function checkFileForType(kind: string, importType: string | undefined): void {
  if (importType === "parcels" && kind !== "gis") throw invalidFile(INVALID_GIS_FILE_MESSAGE);
  if (kind === "gis" && importType && importType !== "parcels") throw invalidFile(GIS_NEEDS_PARCELS_MESSAGE);
}
