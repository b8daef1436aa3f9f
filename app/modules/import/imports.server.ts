/**
 * Imports of one project (docs/import.md#the-import-job): start one (the mapping checked, the record written and the commit
 * job enqueued in one transaction), read its progress and outcome, list the history, download the
 * skipped rows, and undo an import. Every function checks importData first (viewers get 403) and
 * scopes every query by the project (another project's import is 404).
 *
 * The reads use plain SQL (db/sql.server.ts), so they work inside a request and from the job alike.
 */
import type { ImportMappingJson } from "~db/entities/ImportRecord";
import { sqlRows, withPgTransaction } from "~db/sql.server";
import { ApiValidationError } from "~/utils/api-payload";
import { canUndoImport } from "~/modules/permissions/permissions";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { inTransaction, jobs } from "~/modules/jobs/boss.server";
import { AppError } from "~/utils/app-error";
import { refId } from "~db/entities/refs";
import { validateMapping } from "./column-mapping";
import { isImportType, SKIP, type ImportType } from "./import-fields";
import { IMPORT_QUEUE, IMPORT_RETRY_LIMIT, type ImportJobData } from "./import-job.server";
import { countsOf, isFinished, skippedRowsToCsv, type ImportStatus, type ImportView, type SkippedRow } from "./import-view";
import { getStagedData } from "./staging.server";
import { checkParcelChoices } from "./parcel-choices";
import { GIS_NEEDS_PARCELS_MESSAGE, INVALID_GIS_FILE_MESSAGE } from "./parse/file-kind";

export type { ImportView } from "./import-view";

export const IMPORT_NOT_FOUND = "Import not found";
export const IMPORT_WAITING_MESSAGE = "An import into this project is already waiting to start. Try again when it has finished.";
const FORM_ERROR = "_form";

export interface StartImportInput {
  dataKey: string;
  importType: ImportType | string;
  /** Column name → field key, "skip" or "custom:Name" (docs/import.md#api); columns left out are skipped. */
  mapping: Record<string, string>;
  /** Parcels: the mapping step's coordinate system and invalid-shape choice (parcel-choices.ts). */
  crs?: string | null;
  invalidShapes?: string | null;
}

/** Checks the mapping against the staged file, records the import and enqueues its job (one transaction). */
export async function startImport(access: ProjectAccess, { dataKey, importType, mapping, crs, invalidShapes }: StartImportInput): Promise<{ importId: number }> {
  requirePermission(access, "importData");
  if (!isImportType(importType)) throw new ApiValidationError({ importType: "Choose stakeholders, properties or parcels" });
  const staged = await getStagedData(access, dataKey);
  // A parcel file imports only as parcels, and parcels only from one (docs/import.md#parcels).
  if (importType === "parcels" && !staged.gis) throw new ApiValidationError({ importType: INVALID_GIS_FILE_MESSAGE });
  if (importType !== "parcels" && staged.gis) throw new ApiValidationError({ importType: GIS_NEEDS_PARCELS_MESSAGE });
  const parcelChoices = staged.gis ? checkParcelChoices(staged.gis, { crs, invalidShapes }) : null;
  if (parcelChoices && !parcelChoices.ok) throw new ApiValidationError(parcelChoices.errors);
  const width = Math.max(0, ...staged.columns.map((c) => c.index + 1));
  const names = Array.from({ length: width }, () => "");
  for (const column of staged.columns) names[column.index] = column.name;
  const unknown = Object.keys(mapping).filter((name) => !staged.columns.some((c) => c.name === name));
  if (unknown.length) throw new ApiValidationError({ [FORM_ERROR]: `The file has no column named ${unknown.map((n) => `'${n}'`).join(", ")}` });
  const checked = validateMapping(
    importType,
    names,
    names.map((name) => ({ target: name ? (mapping[name] ?? SKIP) : SKIP })),
  );
  if (!checked.ok) {
    const fieldErrors: Record<string, string> = {};
    if (checked.formError) fieldErrors[FORM_ERROR] = checked.formError;
    for (const [index, message] of Object.entries(checked.errors)) fieldErrors[index] = message;
    throw new ApiValidationError(fieldErrors);
  }
  // Stored as checked: the job runs the same validation on exactly these columns and targets.
  const stored: ImportMappingJson = {
    columns: staged.columns.map((c) => ({ name: c.name, index: c.index })),
    targets: Object.fromEntries(checked.columns.map((c) => [c.column, c.target])),
    ...(parcelChoices?.ok ? { parcels: { crs: parcelChoices.crs.code, invalidShapes: parcelChoices.invalidShapes } } : {}),
  };
  return withPgTransaction(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into import_record (project_id, client_id, created_by_id, file_name, import_type, status, data_key, mapping, total_rows)
       values ($1, $2, $3, $4, $5, 'queued', $6, $7, $8) returning id`,
      [access.project.id, refId(access.project.client), access.user.id, staged.fileName, importType, dataKey, JSON.stringify(stored), staged.totalRows],
    );
    const importId = rows[0]!.id;
    const data: ImportJobData = { importId };
    // The stately queue keeps one import of a project running and one waiting: a third is refused.
    const jobId = await jobs().send(IMPORT_QUEUE, data, { singletonKey: `project-${access.project.id}`, db: inTransaction(client) });
    if (!jobId) throw new AppError(409, IMPORT_WAITING_MESSAGE, "IMPORT_WAITING");
    return { importId };
  });
}

interface RecordRow {
  id: number;
  status: ImportStatus;
  import_type: ImportType;
  file_name: string;
  total_rows: number;
  processed_rows: number;
  counts: unknown;
  skipped_rows?: SkippedRow[];
  skipped_total: number;
  error: string | null;
  data_key: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  duplicates_resolved_at: Date | string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toView(access: ProjectAccess, row: RecordRow): ImportView {
  const counts = countsOf(row.counts);
  const name = [row.first_name, row.last_name].filter(Boolean).join(" ");
  return {
    id: row.id,
    status: row.status,
    importType: row.import_type,
    fileName: row.file_name,
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    counts,
    skippedRows: row.skipped_rows ?? [],
    skippedRowsTotal: row.skipped_total,
    error: row.error,
    dataKey: row.data_key,
    createdAt: iso(row.created_at)!,
    finishedAt: iso(row.finished_at),
    createdBy: name || row.email || "Unknown user",
    canUndo: row.status === "completed" && (counts.imported > 0 || counts.updated > 0 || counts.pendingDuplicates > 0) && canUndoImport(access.role),
    duplicatesPending: row.status === "completed" && counts.pendingDuplicates > 0 && !row.duplicates_resolved_at,
  };
}

const SELECT = (withSkipped: boolean) =>
  `select i.id, i.status, i.import_type, i.file_name, i.total_rows, i.processed_rows, i.counts, ${withSkipped ? "i.skipped_rows, " : ""}i.skipped_total,
          i.error, i.data_key, i.created_at, i.finished_at, i.duplicates_resolved_at, u.first_name, u.last_name, u.email
     from import_record i left join "user" u on u.id = i.created_by_id`;

/** One import of the project with its skipped rows (the first 1,000 problems). */
export async function getImport(access: ProjectAccess, importId: number): Promise<ImportView> {
  requirePermission(access, "importData");
  const id = Number.isSafeInteger(importId) && importId > 0 ? importId : 0;
  const [row] = id ? await sqlRows<RecordRow>(`${SELECT(true)} where i.id = ? and i.project_id = ?`, [id, access.project.id]) : [];
  if (!row) throw new AppError(404, IMPORT_NOT_FOUND);
  return toView(access, row);
}

/** The project's import history, newest first. Skipped rows are left out (empty): getImport has them. */
export async function listImports(access: ProjectAccess, { limit = 50, offset = 0 } = {}): Promise<{ imports: ImportView[]; total: number }> {
  requirePermission(access, "importData");
  const [rows, [count]] = await Promise.all([
    sqlRows<RecordRow>(`${SELECT(false)} where i.project_id = ? order by i.created_at desc, i.id desc limit ? offset ?`, [access.project.id, Math.min(Math.max(limit, 1), 500), Math.max(offset, 0)]),
    sqlRows<{ n: number }>("select count(*)::int as n from import_record where project_id = ?", [access.project.id]),
  ]);
  return { imports: rows.map((row) => toView(access, row)), total: count?.n ?? 0 };
}

/** The skipped rows of an import as CSV (Row, Column, Value, Reason), formulas neutralised. */
export async function skippedRowsCsv(access: ProjectAccess, importId: number): Promise<string> {
  return skippedRowsToCsv((await getImport(access, importId)).skippedRows);
}

/** A failed import pg-boss will still retry is not finished yet. */
async function retryPending(importId: number): Promise<boolean> {
  const [row] = await sqlRows<{ attempts: number }>("select attempts from import_record where id = ?", [importId]);
  return (row?.attempts ?? 0) <= IMPORT_RETRY_LIMIT;
}

/**
 * Polls the record until the import has finished (completed, undone, or failed with no retry left) or
 * `timeoutMs` has passed; returns the view as it then is.
 */
export async function waitForImport(access: ProjectAccess, importId: number, timeoutMs: number, pollMs = 200): Promise<ImportView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await getImport(access, importId);
    const finished = isFinished(view.status) && !(view.status === "failed" && (await retryPending(importId)));
    if (finished || Date.now() >= deadline) return view;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(0, deadline - Date.now()))));
  }
}

export { undoImport } from "./import-undo.server";
