/**
 * Which reader an uploaded import file goes to (.csv, .xlsx, .xls, .pdf, by extension or
 * media type), and whether its first bytes agree (type checked by content as well; docs/import.md#files-and-limits).
 */

/** "gis": a parcel file (GeoJSON, zipped shapefile, KML or KMZ), read by app/modules/parcels/read-gis.ts. */
export type ImportFileKind = "csv" | "xlsx" | "xls" | "pdf" | "gis";

export const INVALID_FILE_TITLE = "Invalid File";
export const INVALID_FILE_MESSAGE = "Please select a CSV, Excel (.xlsx, .xls), or PDF file.";
/** The Parcels type's wizard check (docs/import.md#parcels). */
export const INVALID_GIS_FILE_MESSAGE = "Please select a GeoJSON (.geojson, .json), zipped shapefile (.zip) or KML (.kml, .kmz) file.";
export const GIS_NEEDS_PARCELS_MESSAGE = "GeoJSON, shapefile and KML files hold parcel boundaries: choose Parcels to import them.";
export const NOT_A_WORKBOOK_MESSAGE = "The file is not a valid Excel workbook. Open it in Excel, save it again as .xlsx, and retry.";
export const NOT_A_CSV_MESSAGE = "The file is not a CSV text file: it contains binary data. Save it from Excel as CSV and retry.";
export const EMPTY_IMPORT_FILE_MESSAGE = "The selected file is empty (0 bytes)";
export const NO_ROWS_MESSAGE = "The file has no rows to import.";

const BY_EXTENSION: Record<string, ImportFileKind> = { csv: "csv", xlsx: "xlsx", xls: "xls", pdf: "pdf", geojson: "gis", json: "gis", zip: "gis", kml: "gis", kmz: "gis" };

const BY_MEDIA_TYPE: Record<string, ImportFileKind> = {
  "text/csv": "csv",
  "application/csv": "csv",
  "text/comma-separated-values": "csv",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.ms-excel": "xls",
  "application/pdf": "pdf",
  "application/geo+json": "gis",
  "application/vnd.google-earth.kml+xml": "gis",
  "application/vnd.google-earth.kmz": "gis",
};

export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

/**
 * The kind by extension first, then by the media type the browser sent (a file saved without an
 * extension); null when neither names an accepted type.
 */
export function importFileKind(fileName: string, mediaType: string | null | undefined): ImportFileKind | null {
  const byExtension = BY_EXTENSION[extensionOf(fileName)];
  if (byExtension) return byExtension;
  const type = (mediaType ?? "").split(";")[0]!.trim().toLowerCase();
  return BY_MEDIA_TYPE[type] ?? null;
}

/** The spec's fileType for a kind: csv, excel or pdf (and gis for a parcel file). */
export function specFileType(kind: ImportFileKind): "csv" | "excel" | "pdf" | "gis" {
  return kind === "xlsx" || kind === "xls" ? "excel" : kind;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (head: Uint8Array, signature: number[]) => signature.every((byte, i) => head[i] === byte);

export type Sniffed = "xlsx" | "xls" | "other";

/** What the leading bytes say: a zip (xlsx), an OLE compound file (legacy xls), or something else. */
export function sniffSpreadsheet(head: Uint8Array): Sniffed {
  if (startsWith(head, ZIP)) return "xlsx";
  if (startsWith(head, OLE)) return "xls";
  return "other";
}
