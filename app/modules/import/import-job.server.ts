/**
 * The commit job of an import (docs/import.md#the-import-job), run by a pg-boss worker (app/modules/jobs/). All or nothing:
 * every row of one import is written in one transaction on a connection of its own; progress goes to
 * the import record on other connections, so the progress page reads it while the transaction is
 * open. A failure rolls everything back and marks the record failed; pg-boss retries the job once.
 * Idempotent: the transaction first takes an advisory lock on the import and returns at once when the
 * record is already completed (or undone), so a retry or a second delivery applies it once.
 */
import type pg from "pg";
import { sqlOutsideTransaction, withPgClient, withPgTransaction } from "~db/sql.server";
import type { ImportMappingJson } from "~db/entities/ImportRecord";
import { SKIP, isImportType } from "./import-fields";
import { validateMapping, type MappedColumn } from "./column-mapping";
import { coerceRow } from "./row-coercion";
import { ImportWriter, type IncomingRow } from "./import-writer.server";
import { refreshMatchKeys } from "~/modules/duplicates/candidates.server";
import { attachSourceDocument } from "./source-document.server";
import { discardStaged, readStagedRows } from "./staging.server";
import { collectBetweenBatches } from "~/utils/batch-garbage.server";
import { emptyCounts, SKIPPED_ROWS_KEPT, type ImportCounts, type SkippedRow } from "./import-view";
import { log } from "~/utils/log.server";
import { writeParcelRows } from "./parcel-writer.server";

export const IMPORT_QUEUE = "import-commit";
/** pg-boss retries a failed import job this many times (app/queues.server.ts). */
export const IMPORT_RETRY_LIMIT = 1;

export interface ImportJobData {
  importId: number;
}

/** Tunables and a hook for tests (the all-or-nothing test stops the job between two batches). */
export const importJobSettings = {
  /** Staged rows read at a time. */
  readBatch: 500,
  /** Rows per INSERT statement. */
  insertBatch: 500,
  afterBatch: null as null | ((importId: number, processedRows: number) => Promise<void>),
};

/**
 * pg_advisory_xact_lock(namespace, import id): one runner per import across every server. Held for the
 * whole run, so an import marked running whose lock nobody holds has lost its runner (import-recovery.server.ts).
 */
export const LOCK_NAMESPACE = 0x1a7d;

/** The application_name of an import's connection (pg_stat_activity shows which import it is). */
export const importConnectionName = (importId: number) => `land-records-import-${importId}`;

interface ImportRow {
  id: number;
  project_id: number;
  client_id: number;
  created_by_id: string;
  import_type: string;
  status: string;
  data_key: string | null;
  mapping: ImportMappingJson;
  total_rows: number;
  attempts: number;
}

/** Progress on other connections, committed at once: the progress page reads it while the job's transaction is open. */
function outside(sql: string, params: unknown[]) {
  return sqlOutsideTransaction(sql, params);
}

export class ImportJobError extends Error {}

/** The validated mapping of the record: the same pure check the wizard and /api ran before enqueueing. */
export function mappedColumnsOf(importType: string, mapping: ImportMappingJson): MappedColumn[] {
  if (!isImportType(importType)) throw new ImportJobError(`Unknown import type '${importType}'`);
  const width = Math.max(0, ...mapping.columns.map((c) => c.index + 1));
  const names = Array.from({ length: width }, () => "");
  for (const column of mapping.columns) names[column.index] = column.name;
  const choices = names.map((name) => ({ target: name ? (mapping.targets[name] ?? SKIP) : SKIP }));
  const result = validateMapping(importType, names, choices);
  if (!result.ok) throw new ImportJobError("The import's mapping is no longer valid: start the import again");
  return result.columns;
}

/** What the user is told when the job fails: nothing was imported, and why in plain words. */
function failureMessage(error: unknown, willRetry: boolean): string {
  const code = (error as { code?: string }).code;
  const text = error instanceof Error ? error.message : String(error);
  if (code === "57P01" || code === "57P02" || code === "57P03" || /terminat|Connection (ended|closed)|ECONNRESET|not queryable/i.test(text)) {
    return `The database connection was lost during the import. Nothing was imported${willRetry ? "; it will be retried once automatically" : ""}.`;
  }
  if (error instanceof ImportJobError) return `${text}. Nothing was imported.`;
  return "The import failed and nothing was imported. Please try again.";
}

export async function runImportJob({ importId }: ImportJobData): Promise<{ applied: boolean }> {
  let attempt = 1;
  let done: { dataKey: string | null; keepStaged: boolean } | null;
  try {
    done = await withPgClient(
      async (client) => {
        await refreshKeysBeforeTransaction(client, importId);
        return withPgTransaction(
          async () => {
            await client.query("select pg_advisory_xact_lock($1, $2)", [LOCK_NAMESPACE, importId]);
            const { rows } = await client.query<ImportRow>(
              "select id, project_id, client_id, created_by_id, import_type, status, data_key, mapping, total_rows, attempts from import_record where id = $1",
              [importId],
            );
            const record = rows[0];
            // Already applied (a retry, a second delivery): nothing was written, so the commit only ends the lock.
            if (!record || record.status === "completed" || record.status === "undone") return null;
            attempt = record.attempts + 1;
            await outside("update import_record set status = 'running', started_at = clock_timestamp(), attempts = attempts + 1, processed_rows = 0, error = null where id = ?", [importId]);
            const outcome = await writeRows(client, record);
            await client.query(
              `insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, after)
               values ($1, $2, $3, 'import.commit', 'ImportRecord', $4, $5)`,
              [
                record.created_by_id,
                record.client_id,
                record.project_id,
                String(importId),
                JSON.stringify({ importType: record.import_type, counts: outcome.counts, skippedTotal: outcome.skippedTotal }),
              ],
            );
            // Rows waiting for the user keep the staged file: "Back" returns to its mapping, and a title PDF
            // is still there to attach to the properties the resolution creates.
            const keepStaged = outcome.counts.pendingDuplicates > 0;
            await client.query(
              `update import_record set status = 'completed', processed_rows = $2, counts = $3, skipped_rows = $4, skipped_total = $5,
                 error = null, finished_at = clock_timestamp(), data_key = case when $6 then data_key end where id = $1`,
              [importId, outcome.processed, JSON.stringify(outcome.counts), JSON.stringify(outcome.skippedRows), outcome.skippedTotal, keepStaged],
            );
            return { dataKey: record.data_key, keepStaged };
          },
          { client },
        );
      },
      { applicationName: importConnectionName(importId) },
    );
  } catch (error) {
    log.error({ component: "import", importId, err: error }, "Import failed");
    await outside("update import_record set status = 'failed', error = ?, finished_at = clock_timestamp() where id = ? and status <> 'completed'", [
      failureMessage(error, attempt <= IMPORT_RETRY_LIMIT),
      importId,
    ]).catch(() => {});
    throw error;
  }
  if (!done) return { applied: false };
  // The rows are in; the staged copy is no longer needed (the 24-hour sweep would remove it anyway).
  if (done.dataKey && !done.keepStaged) await discardStaged(done.dataKey).catch((error) => log.error({ component: "import", importId, err: error }, "Could not discard the import's staged rows"));
  return { applied: true };
}

/**
 * Brings the project's duplicate-matching keys up to date before the import's transaction opens: on a
 * large project edited since the last import this rewrites many rows, which should neither hold their
 * locks for the whole import nor be lost with it if the import fails. Each batch commits on its own.
 */
async function refreshKeysBeforeTransaction(client: pg.ClientBase, importId: number) {
  const { rows } = await client.query<{ project_id: number; import_type: string; status: string }>("select project_id, import_type, status from import_record where id = $1", [importId]);
  const record = rows[0];
  if (!record || record.status === "completed" || record.status === "undone") return;
  // A parcel import meets properties only (by lot/plan).
  if (record.import_type !== "parcels") await refreshMatchKeys(client, record.project_id, "stakeholder");
  if (record.import_type === "properties" || record.import_type === "parcels") await refreshMatchKeys(client, record.project_id, "property");
}

interface Outcome {
  /** Documents made of the uploaded title PDF, one per property created. */
  sourceDocuments: number;
  processed: number;
  counts: ImportCounts;
  skippedRows: SkippedRow[];
  skippedTotal: number;
}

async function writeRows(client: pg.ClientBase, record: ImportRow): Promise<Outcome> {
  if (!record.data_key) throw new ImportJobError("The uploaded file's data is no longer available: upload it again");
  const importType = record.import_type;
  const columns = mappedColumnsOf(importType, record.mapping);
  if (!isImportType(importType)) throw new ImportJobError(`Unknown import type '${importType}'`);
  if (importType === "parcels") {
    const progress = (processed: number) => outside("update import_record set processed_rows = ? where id = ?", [processed, record.id]).then(() => undefined);
    const outcome = await writeParcelRows(client, { ...record, data_key: record.data_key }, columns, { readBatch: importJobSettings.readBatch, afterBatch: importJobSettings.afterBatch, progress });
    if (outcome.processed !== record.total_rows) throw new ImportJobError(`The uploaded file's data is no longer complete (${outcome.processed} of ${record.total_rows} rows): upload it again`);
    return { ...outcome, sourceDocuments: 0 };
  }
  const writer = new ImportWriter(client, { ...record, import_type: importType }, columns);
  await writer.prepare();
  const skippedRows: SkippedRow[] = [];
  let skippedTotal = 0;
  let skipped = 0;
  let processed = 0;
  let pending: IncomingRow[] = [];
  const flush = async () => {
    await writer.writeBatch(pending);
    pending = [];
  };
  for await (const batch of readStagedRows(record.data_key, { batchSize: importJobSettings.readBatch })) {
    for (const row of batch) {
      const result = coerceRow(importType, columns, row.cells);
      if (result.ok) {
        pending.push({ rowNumber: row.rowNumber, values: result.values, customFields: result.customFields });
        if (pending.length >= importJobSettings.insertBatch) await flush();
      } else {
        skipped++;
        for (const problem of result.problems) {
          skippedTotal++;
          if (skippedRows.length < SKIPPED_ROWS_KEPT) skippedRows.push({ rowNumber: row.rowNumber, column: problem.column, value: problem.value, reason: problem.reason });
        }
      }
    }
    processed += batch.length;
    collectBetweenBatches();
    await outside("update import_record set processed_rows = ? where id = ?", [processed, record.id]);
    if (importJobSettings.afterBatch) await importJobSettings.afterBatch(record.id, processed);
  }
  await flush();
  if (processed !== record.total_rows) throw new ImportJobError(`The uploaded file's data is no longer complete (${processed} of ${record.total_rows} rows): upload it again`);
  const { created, updated, autoMerged, pending: pendingDuplicates, stakeholdersCreated, stakeholdersLinked } = writer.counts;
  const sourceDocuments = importType === "properties" ? await attachSourceDocument(client, record, writer.createdIds) : 0;
  const counts: ImportCounts = {
    ...emptyCounts(),
    imported: created,
    created,
    skipped,
    updated,
    autoMergedProperties: autoMerged,
    pendingDuplicates,
    stakeholdersCreated: importType === "stakeholders" ? created : stakeholdersCreated,
    stakeholdersLinked,
    linked: stakeholdersLinked,
  };
  return { processed, counts, skippedRows, skippedTotal, sourceDocuments };
}
