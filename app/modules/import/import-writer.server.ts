/**
 * Writes the rows of one import inside the job's transaction (docs/import.md#the-import-job), batch by batch: each row is
 * checked against the project's records and the rows already written (blocking keys, match rules);
 * a row with likely duplicates is held back for the user (import_duplicate), an exact volume/folio is
 * merged into its title automatically, anything else is created. A property row's proprietors are found
 * or created as stakeholders and linked, the first as the primary owner.
 *
 * New records get their ids from the table's sequence before they are written, so rows later in the
 * same batch can name them as candidates and owners can be linked in the same statements.
 */
import type pg from "pg";
import { CandidateIndex, loadCandidateIndex, matchFieldsOf, matchKeysOf, refreshMatchKeys, scoreCandidates, type DuplicateKind } from "~/modules/duplicates/candidates.server";
import { planMerge, CUSTOM_FIELDS_KEY } from "~/modules/duplicates/merge";
import type { DuplicateCandidateJson } from "~db/entities/ImportDuplicate";
import type { MappedColumn } from "./column-mapping";
import { allFieldsPlan, insertPlan, type InsertPlan } from "./import-insert.server";
import { applyMerges, type MergeContext, type MergeRequest } from "./import-merge.server";
import { OwnerLinker, ownersOf, type OwnerSpec } from "./import-owners.server";
import type { ImportType } from "./import-fields";
import type { CoercedValue } from "./value-coercion";
import { nextIds } from "./record-ids.server";
import { GrowingTables } from "./growing-tables.server";

export interface WriterRecord {
  id: number;
  project_id: number;
  client_id: number;
  created_by_id: string;
  import_type: ImportType;
}

export interface IncomingRow {
  rowNumber: number;
  values: Record<string, CoercedValue>;
  customFields: Record<string, CoercedValue> | null;
}

export interface WriterCounts {
  created: number;
  /** Existing records a merge changed. */
  updated: number;
  autoMerged: number;
  pending: number;
  stakeholdersCreated: number;
  stakeholdersLinked: number;
}

export const kindOf = (type: ImportType): DuplicateKind => (type === "stakeholders" ? "stakeholder" : "property");

interface Created {
  id: number;
  values: Record<string, unknown>;
  customFields: Record<string, CoercedValue> | null;
  keys: string[];
  stakeholderId: number | null;
}

/** The values a row is stored and matched with: its fields and its custom fields as one object. */
export const incomingValues = (row: IncomingRow): Record<string, unknown> => ({ ...row.values, ...(row.customFields ? { [CUSTOM_FIELDS_KEY]: row.customFields } : {}) });

export class ImportWriter {
  readonly counts: WriterCounts = { created: 0, updated: 0, autoMerged: 0, pending: 0, stakeholdersCreated: 0, stakeholdersLinked: 0 };
  /** The records this import created, in file order. */
  readonly createdIds: number[] = [];
  private readonly kind: DuplicateKind;
  private readonly plan: InsertPlan;
  private readonly table: DuplicateKind;
  private readonly context: MergeContext;
  private readonly owners: OwnerLinker | null;
  private readonly growing: GrowingTables;

  constructor(
    private readonly client: pg.ClientBase,
    private readonly record: WriterRecord,
    columns: readonly MappedColumn[],
  ) {
    this.kind = kindOf(record.import_type);
    this.table = this.kind;
    this.plan = insertPlan(record.import_type, columns);
    this.context = { importId: record.id, projectId: record.project_id, clientId: record.client_id, userId: record.created_by_id };
    this.owners = record.import_type === "properties" ? new OwnerLinker(client, this.context) : null;
    this.growing = new GrowingTables(client);
  }

  /** Brings the project's keys up to date (records edited since their keys were computed). */
  async prepare(): Promise<void> {
    await refreshMatchKeys(this.client, this.record.project_id, this.kind);
    if (this.owners) await refreshMatchKeys(this.client, this.record.project_id, "stakeholder");
  }

  async writeBatch(rows: readonly IncomingRow[]): Promise<void> {
    if (!rows.length) return;
    const prepared = rows.map((row) => {
      const fields = matchFieldsOf(this.kind, row.values);
      return { row, fields, keys: matchKeysOf(this.kind, fields) };
    });
    const existing = await loadCandidateIndex(
      this.client,
      this.record.project_id,
      this.kind,
      prepared.flatMap((p) => p.keys),
    );
    const inBatch = new CandidateIndex();
    const ids = await nextIds(this.client, this.table, rows.length);
    const created = new Map<number, Created>();
    const merges: MergeRequest[] = [];
    const ownerJobs: { propertyId: number; owners: OwnerSpec[]; primary: boolean }[] = [];
    const pending: { row_number: number; kind: DuplicateKind; incoming: Record<string, unknown>; candidates: DuplicateCandidateJson[] }[] = [];

    prepared.forEach(({ row, fields, keys }, i) => {
      const found = [...existing.lookup(keys), ...inBatch.lookup(keys)];
      const candidates = scoreCandidates(this.kind, fields, found);
      const values = incomingValues(row);
      const auto = candidates[0]?.autoMerge ? candidates[0] : null;
      if (auto) {
        this.counts.autoMerged++;
        const target = created.get(auto.id);
        if (target) this.mergeIntoCreated(target, values);
        else merges.push({ id: auto.id, values });
        const owners = ownersOf(row.values);
        if (owners.length) ownerJobs.push({ propertyId: auto.id, owners, primary: false });
        return;
      }
      if (candidates.length) {
        this.counts.pending++;
        pending.push({
          row_number: row.rowNumber,
          kind: this.kind,
          incoming: values,
          candidates: candidates.map(({ id, similarity, matchType, reason }) => ({ id, similarity, matchType, reason })),
        });
        return;
      }
      const id = ids[i]!;
      created.set(id, { id, values: row.values, customFields: row.customFields, keys, stakeholderId: null });
      inBatch.add({ id, fields }, keys);
      const owners = ownersOf(row.values);
      if (owners.length) ownerJobs.push({ propertyId: id, owners, primary: true });
    });

    // Owners first: the new properties name their primary owner, and links need both ends.
    const ownersBefore = this.owners?.created ?? 0;
    const links = this.owners ? await this.owners.resolve(ownerJobs) : [];
    if (this.owners) await this.growing.grew(this.owners.created - ownersBefore, "stakeholder", "stakeholder_match_key");
    for (const link of links) {
      const property = created.get(link.propertyId);
      if (property && link.primary && property.stakeholderId === null) property.stakeholderId = link.stakeholderId;
    }
    if (created.size) {
      const records = [...created.values()].map((c) => this.plan.toRecord(c.values as Record<string, CoercedValue>, c.customFields, { id: c.id, matchKeys: c.keys, stakeholderId: c.stakeholderId }));
      await this.client.query(this.plan.sql, [this.record.created_by_id, this.record.project_id, this.record.id, this.record.client_id, JSON.stringify(records)]);
      this.counts.created += created.size;
      this.createdIds.push(...created.keys());
      await this.growing.grew(created.size, this.table, `${this.table}_match_key`);
    }
    const merged = await applyMerges(this.client, this.kind, this.context, merges);
    // An exact title is merged automatically; "updated" counts the records that gained something.
    this.counts.updated += merged.filter((result) => result.changed.length > 0).length;
    if (this.owners) {
      await this.owners.writeLinks(links);
      this.counts.stakeholdersCreated = this.owners.created;
      this.counts.stakeholdersLinked = this.owners.linked;
    }
    if (pending.length) {
      await this.client.query(
        `insert into import_duplicate (import_id, project_id, row_number, kind, incoming, candidates)
         select $1, $2, d.row_number, d.kind, d.incoming, d.candidates from jsonb_to_recordset($3::jsonb) as d(row_number int, kind text, incoming jsonb, candidates jsonb)`,
        [this.record.id, this.record.project_id, JSON.stringify(pending)],
      );
    }
  }

  /** The same title twice in one batch: the later row fills the first one's blanks before it is written. */
  private mergeIntoCreated(target: Created, values: Record<string, unknown>) {
    const existing = { ...target.values, ...(target.customFields ? { [CUSTOM_FIELDS_KEY]: target.customFields } : {}) };
    const { changes } = planMerge(this.kind, existing, values);
    const { [CUSTOM_FIELDS_KEY]: custom, ...fields } = changes;
    Object.assign(target.values, fields);
    if (custom) target.customFields = custom as Record<string, CoercedValue>;
  }
}

/** Writes a resolution's "create new": the row as a new record of the import (resolution step). */
export async function createFromIncoming(client: pg.ClientBase, record: WriterRecord, kind: DuplicateKind, incoming: Record<string, unknown>, stakeholderId: number | null = null): Promise<number> {
  const type: ImportType = kind === "stakeholder" ? "stakeholders" : "properties";
  const plan = allFieldsPlan(type);
  const { [CUSTOM_FIELDS_KEY]: custom, ...values } = incoming;
  const [id] = await nextIds(client, kind, 1);
  const keys = matchKeysOf(kind, matchFieldsOf(kind, values));
  const row = plan.toRecord(values as Record<string, CoercedValue>, (custom as Record<string, CoercedValue> | undefined) ?? null, { id: id!, matchKeys: keys, stakeholderId });
  await client.query(plan.sql, [record.created_by_id, record.project_id, record.id, record.client_id, JSON.stringify([row])]);
  return id!;
}
