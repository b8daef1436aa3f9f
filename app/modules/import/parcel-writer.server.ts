/**
 * The import job's writer for parcel files (docs/import.md#parcels), inside the job's one transaction: batch
 * by batch, each staged shape is prepared (repaired or skipped as the user chose, converted to GDA2020,
 * boxed and measured: app/modules/parcels/prepare.ts), matched to a property of the project by lot/plan
 * through the properties' indexed match keys, and inserted with its audit row in one statement per batch;
 * at the end, the project's affected areas are measured over the new parcels.
 */
import type pg from "pg";
import type { ImportMappingJson } from "~db/entities/ImportRecord";
import { computeAffectedAreasForParcels } from "~/modules/affected-areas/affected-areas.server";
import { crsByCode } from "~/modules/parcels/crs";
import { matchParcel, parcelMatchKey, prepareParcel, type CandidateProperty, type PreparedParcel } from "~/modules/parcels/prepare";
import { collectBetweenBatches } from "~/utils/batch-garbage.server";
import type { MappedColumn } from "./column-mapping";
import { CUSTOM_PREFIX } from "./import-fields";
import { emptyCounts, SKIPPED_ROWS_KEPT, type ImportCounts, type SkippedRow } from "./import-view";
import { coerceRow } from "./row-coercion";
import { readStagedGisRows } from "./staging.server";
import type { RawCell } from "./value-coercion";

export interface ParcelRecord {
  id: number;
  project_id: number;
  client_id: number;
  created_by_id: string;
  data_key: string;
  mapping: ImportMappingJson;
}

export interface ParcelOutcome {
  processed: number;
  counts: ImportCounts;
  skippedRows: SkippedRow[];
  skippedTotal: number;
}

interface Pending {
  parcel: PreparedParcel;
  address: string | null;
  titleReference: string | null;
  attributes: Record<string, unknown> | null;
}

/** Where a skipped shape's reason is listed on the complete step and in the skipped-rows CSV. */
export const SHAPE_COLUMN = "Shape";

const INSERT = `with ins as (
    insert into parcel (project_id, property_id, lot_plan, lot_plan_key, address, title_reference, attributes, geometry, source_crs, area_m2, min_lng, min_lat, max_lng, max_lat, import_id)
    select $2, r.property_id, r.lot_plan, r.lot_plan_key, r.address, r.title_reference, r.attributes, r.geometry, $6, r.area_m2, r.min_lng, r.min_lat, r.max_lng, r.max_lat, $3
      from jsonb_to_recordset($5::jsonb) as r(property_id int, lot_plan text, lot_plan_key text, address text, title_reference text, attributes jsonb, geometry jsonb,
                                              area_m2 float8, min_lng float8, min_lat float8, max_lng float8, max_lat float8)
    returning id, jsonb_strip_nulls(to_jsonb(parcel.*) - 'geometry') as after
  )
  insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, after)
  select $1, $4, $2, 'parcel.create', 'Parcel', ins.id::text, ins.after from ins`;

const textOf = (value: unknown) => (value === null || value === undefined ? null : String(value).trim() || null);

/** The file's attributes not mapped to a parcel field, by column name (custom targets under their new name). */
function otherAttributes(mapping: ImportMappingJson, columns: readonly MappedColumn[], cells: readonly RawCell[]): Record<string, unknown> | null {
  const targetOf = new Map(columns.map((c) => [c.index, c.target]));
  const out: [string, unknown][] = [];
  for (const { name, index } of mapping.columns) {
    const value = cells[index];
    if (value === null || value === undefined || value === "") continue;
    const target = targetOf.get(index);
    if (target && !target.startsWith(CUSTOM_PREFIX)) continue;
    out.push([target ? target.slice(CUSTOM_PREFIX.length) : name, value instanceof Date ? value.toISOString() : value]);
  }
  return out.length ? Object.fromEntries(out) : null;
}

/**
 * The project's properties sharing a lot/plan match key with the batch's parcels, by key: through the key
 * table's (project_id, key) index, as duplicate detection finds its candidates (a scan of the project's
 * properties per batch took 60 ms of each 500 parcels against 10,000 properties).
 */
async function candidatesByKey(client: pg.ClientBase, projectId: number, keys: string[]): Promise<Map<string, CandidateProperty[]>> {
  const byKey = new Map<string, CandidateProperty[]>();
  if (!keys.length) return byKey;
  const { rows } = await client.query<{ key: string; id: number; lot: string | null; plan_number: string | null; lot_plan_line: string | null }>(
    `select k.key, p.id, p.lot, p.plan_number, p.lot_plan_line
       from unnest($2::text[]) as q(key)
       join property_match_key k on k.project_id = $1 and k.key = q.key
       join property p on p.id = k.property_id
      order by p.id`,
    [projectId, keys.filter((key) => key.startsWith("lp:"))],
  );
  for (const row of rows) {
    const list = byKey.get(row.key) ?? [];
    list.push({ id: row.id, lot: row.lot, planNumber: row.plan_number, lotPlanLine: row.lot_plan_line });
    byKey.set(row.key, list);
  }
  return byKey;
}

export async function writeParcelRows(
  client: pg.ClientBase,
  record: ParcelRecord,
  columns: readonly MappedColumn[],
  settings: { readBatch: number; afterBatch: ((importId: number, processed: number) => Promise<void>) | null; progress: (processed: number) => Promise<void> },
): Promise<ParcelOutcome> {
  const choices = record.mapping.parcels;
  const crs = choices ? crsByCode(choices.crs) : null;
  if (!choices || !crs) throw new Error("The import's coordinate system is missing: start the import again");
  const counts = emptyCounts();
  const skippedRows: SkippedRow[] = [];
  let skippedTotal = 0;
  let processed = 0;
  const skip = (row: SkippedRow) => {
    skippedTotal++;
    if (skippedRows.length < SKIPPED_ROWS_KEPT) skippedRows.push(row);
  };
  for await (const batch of readStagedGisRows(record.data_key, { batchSize: settings.readBatch })) {
    const pending: Pending[] = [];
    for (const row of batch) {
      const coerced = coerceRow("parcels", columns, row.cells);
      if (!coerced.ok) {
        counts.skipped++;
        for (const problem of coerced.problems) skip({ rowNumber: row.rowNumber, column: problem.column, value: problem.value, reason: problem.reason });
        continue;
      }
      const prepared = prepareParcel(row.geometry, coerced.values, crs, choices.invalidShapes);
      if (!prepared.ok) {
        counts.skipped++;
        skip({ rowNumber: row.rowNumber, column: SHAPE_COLUMN, value: "", reason: prepared.reason });
        continue;
      }
      if (prepared.parcel.repaired) counts.shapesRepaired++;
      pending.push({
        parcel: prepared.parcel,
        address: textOf(coerced.values.address),
        titleReference: textOf(coerced.values.titleReference),
        attributes: otherAttributes(record.mapping, columns, row.cells),
      });
    }
    const keys = [...new Set(pending.map((p) => parcelMatchKey(p.parcel.lotPlanKey)).filter((k): k is string => k !== null))];
    const candidates = await candidatesByKey(client, record.project_id, keys);
    const rows = pending.map(({ parcel, address, titleReference, attributes }) => {
      const key = parcelMatchKey(parcel.lotPlanKey);
      const propertyId = key ? matchParcel(parcel.lotPlanKey, candidates.get(key) ?? []) : null;
      if (propertyId) counts.parcelsMatched++;
      else counts.parcelsUnmatched++;
      return {
        property_id: propertyId,
        lot_plan: parcel.lotPlan,
        lot_plan_key: parcel.lotPlanKey,
        address,
        title_reference: titleReference,
        attributes,
        geometry: parcel.geometry,
        area_m2: parcel.areaM2,
        min_lng: parcel.box.minX,
        min_lat: parcel.box.minY,
        max_lng: parcel.box.maxX,
        max_lat: parcel.box.maxY,
      };
    });
    if (rows.length) await client.query(INSERT, [record.created_by_id, record.project_id, record.id, record.client_id, JSON.stringify(rows), crs.code]);
    counts.imported += rows.length;
    processed += batch.length;
    collectBetweenBatches();
    await settings.progress(processed);
    if (settings.afterBatch) await settings.afterBatch(record.id, processed);
  }
  counts.created = counts.imported;
  // What the project's corridors take of the new parcels, in the same transaction (docs/records.md#affected-areas).
  const { rows: imported } = await client.query<{ id: number }>("select id from parcel where import_id = $1", [record.id]);
  await computeAffectedAreasForParcels(
    client,
    record.project_id,
    imported.map((r) => r.id),
  );
  return { processed, counts, skippedRows, skippedTotal };
}
