/**
 * The rows an import held back as likely duplicates (docs/import.md#duplicates), as read: page by page with their
 * candidates as they now are, for /api, and the values a merge did not take. Saving the user's choices
 * and resolving them is duplicates-resolve.server.ts. Every function checks importData first and scopes
 * every query by the project: another project's import or candidate is 404.
 */
import type pg from "pg";
import { KIND_RULES, type DuplicateKind } from "~/modules/duplicates/candidates.server";
import { differingFields } from "~/modules/duplicates/merge";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { withPgClient } from "~db/sql.server";
import type { DuplicateCandidateJson } from "~db/entities/ImportDuplicate";
import { actionsFor, choiceValue, displayValue, similarityText, type CandidateView, type Choice, type PendingDuplicateView } from "./duplicate-view";
import { importField } from "./import-fields";
import { importTypeOf, rowToValues } from "./import-merge.server";
import type { WriterRecord } from "./import-writer.server";

export const DUPLICATES_PAGE_SIZE = 20;
const IMPORT_NOT_FOUND = "Import not found";

export interface ImportRow extends WriterRecord {
  status: string;
  data_key: string | null;
  counts: Record<string, number>;
  duplicates_resolved_at: Date | null;
}

export interface PendingRow {
  id: number;
  row_number: number;
  kind: DuplicateKind;
  incoming: Record<string, unknown>;
  candidates: DuplicateCandidateJson[];
  action: Choice["action"] | null;
  selected_id: number | null;
}

export const validId = (id: unknown) => (typeof id === "number" && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0);

export async function findImport(client: pg.ClientBase, access: ProjectAccess, importId: number, lock = false): Promise<ImportRow> {
  const id = validId(importId);
  const { rows } = id
    ? await client.query<ImportRow>(
        `select id, project_id, client_id, created_by_id, import_type, status, data_key, counts, duplicates_resolved_at
           from import_record where id = $1 and project_id = $2${lock ? " for update" : ""}`,
        [id, access.project.id],
      )
    : { rows: [] };
  if (!rows[0]) throw new AppError(404, IMPORT_NOT_FOUND);
  return rows[0];
}

const SUMMARY_FIELDS: Record<DuplicateKind, string[]> = {
  stakeholder: ["name", "email", "phone", "address", "memberType"],
  property: ["address", "volume", "folio", "lotPlanLine", "proprietors"],
};

export function labelled(kind: DuplicateKind, key: string): string {
  if (key.startsWith("custom:")) return key.slice("custom:".length);
  return importField(importTypeOf(kind), key)?.label ?? key;
}

function summaryOf(kind: DuplicateKind, values: Record<string, unknown>) {
  return SUMMARY_FIELDS[kind].map((key) => ({ label: labelled(kind, key), value: displayValue(values[key]) })).filter((item) => item.value);
}

const titleOf = (kind: DuplicateKind, values: Record<string, unknown>) => displayValue(kind === "stakeholder" ? values.name : values.address) || "(no name)";

/** The candidates' records as they now are, in this project only. */
export async function currentRecords(client: pg.ClientBase, projectId: number, kind: DuplicateKind, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  if (!ids.length) return new Map();
  const { rows } = await client.query<{ id: number; row: Record<string, unknown> }>(
    `select id, to_jsonb(t.*) - 'match_keys' as row from "${KIND_RULES[kind].table}" t where t.project_id = $1 and t.id = any($2::int[])`,
    [projectId, ids],
  );
  return new Map(rows.map((r) => [r.id, rowToValues(kind, r.row)]));
}

function toView(row: PendingRow, records: Map<number, Record<string, unknown>>): PendingDuplicateView {
  const candidates: CandidateView[] = [];
  for (const candidate of row.candidates) {
    const existing = records.get(candidate.id);
    // A candidate deleted since the import ran is no longer offered.
    if (!existing) continue;
    candidates.push({
      id: candidate.id,
      title: titleOf(row.kind, existing),
      summary: summaryOf(row.kind, existing),
      similarity: candidate.similarity,
      similarityText: similarityText(candidate.similarity),
      matchType: candidate.matchType,
      reason: candidate.reason,
      differences: differingFields(existing, row.incoming).map((key) => ({
        field: key,
        label: labelled(row.kind, key),
        incoming: displayValue(row.incoming[key]),
        existing: displayValue(existing[key]),
      })),
      actions: actionsFor(row.kind, candidate.matchType),
    });
  }
  return {
    id: row.id,
    rowNumber: row.row_number,
    kind: row.kind,
    title: titleOf(row.kind, row.incoming),
    incoming: summaryOf(row.kind, row.incoming),
    candidates,
    choice: row.action ? choiceValue(row.action, row.selected_id) : null,
  };
}

export interface DuplicatesPage {
  items: PendingDuplicateView[];
  total: number;
  undecided: number;
  page: number;
  pageCount: number;
  /** The first page with a row still undecided (null when every row has a choice). */
  firstUndecidedPage: number | null;
  resolved: boolean;
}

/** One page of an import's held-back rows, in file order, with their candidates and saved choices. */
export async function listPendingDuplicates(access: ProjectAccess, importId: number, page = 1, pageSize = DUPLICATES_PAGE_SIZE): Promise<DuplicatesPage> {
  requirePermission(access, "importData");
  return withPgClient(async (client) => {
    const record = await findImport(client, access, importId);
    const {
      rows: [stats],
    } = await client.query<{ total: number; undecided: number; first_undecided: number | null }>(
      `select count(*)::int as total, count(*) filter (where action is null)::int as undecided,
              (select n from (select row_number() over (order by row_number, id) as n, action from import_duplicate where import_id = $1) o where o.action is null order by n limit 1)::int as first_undecided
         from import_duplicate where import_id = $1`,
      [record.id],
    );
    const total = stats?.total ?? 0;
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
    const { rows } = await client.query<PendingRow>(
      `select id, row_number, kind, incoming, candidates, action, selected_id from import_duplicate where import_id = $1 order by row_number, id limit $2 offset $3`,
      [record.id, pageSize, (current - 1) * pageSize],
    );
    const byKind = new Map<DuplicateKind, number[]>();
    for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), ...row.candidates.map((c) => c.id)]);
    const records = new Map<string, Record<string, unknown>>();
    for (const [kind, ids] of byKind) for (const [id, values] of await currentRecords(client, access.project.id, kind, ids)) records.set(`${kind}:${id}`, values);
    const items = rows.map((row) => toView(row, new Map(row.candidates.map((c) => [c.id, records.get(`${row.kind}:${c.id}`)!]).filter(([, v]) => v) as [number, Record<string, unknown>][])));
    const firstUndecided = stats?.first_undecided ?? null;
    return {
      items,
      total,
      undecided: stats?.undecided ?? 0,
      page: current,
      pageCount,
      firstUndecidedPage: firstUndecided ? Math.ceil(firstUndecided / pageSize) : null,
      resolved: record.duplicates_resolved_at !== null,
    };
  });
}

const API_LIST_LIMIT = 1000;

/** The spec's pendingDuplicates items (docs/import.md#api) for the /api answer: the row's values and its candidates. */
export async function apiPendingDuplicates(access: ProjectAccess, importId: number, limit = API_LIST_LIMIT): Promise<Record<string, unknown>[]> {
  requirePermission(access, "importData");
  return withPgClient(async (client) => {
    const record = await findImport(client, access, importId);
    const { rows } = await client.query<PendingRow>(
      `select id, row_number, kind, incoming, candidates, action, selected_id from import_duplicate where import_id = $1 and resolved_at is null order by row_number, id limit $2`,
      [record.id, Math.min(limit, API_LIST_LIMIT)],
    );
    const items: Record<string, unknown>[] = [];
    const kinds = new Set(rows.map((r) => r.kind));
    const records = new Map<string, Record<string, unknown>>();
    for (const kind of kinds) {
      const ids = rows.filter((r) => r.kind === kind).flatMap((r) => r.candidates.map((c) => c.id));
      for (const [id, values] of await currentRecords(client, access.project.id, kind, ids)) records.set(`${kind}:${id}`, values);
    }
    for (const row of rows) {
      const data = { ...row.incoming, pendingId: row.id };
      const candidates = row.candidates.flatMap((c): Record<string, unknown>[] => {
        const existing = records.get(`${row.kind}:${c.id}`);
        if (!existing) return [];
        const common = { id: c.id, similarity: c.similarity, _similarity: c.similarity, matchType: c.matchType, reason: c.reason, _reason: c.reason };
        return row.kind === "stakeholder"
          ? [{ ...common, name: existing.name, email: existing.email, phone: existing.phone, address: existing.address }]
          : [{ ...common, address: existing.address, volume: existing.volume, folio: existing.folio, lotPlanLine: existing.lotPlanLine, proprietors: existing.proprietors ?? [] }];
      });
      items.push(
        row.kind === "stakeholder"
          ? { pendingId: row.id, importId: record.id, rowNumber: row.row_number, type: "stakeholder", pendingStakeholder: data, stakeholderData: data, potentialDuplicates: candidates }
          : { pendingId: row.id, importId: record.id, rowNumber: row.row_number, type: "property", pendingProperty: data, propertyData: data, potentialMatches: candidates },
      );
    }
    return items;
  });
}

/** The import a pending row belongs to, in this project (404 otherwise). */
export async function importOfPending(access: ProjectAccess, pendingId: number): Promise<number> {
  requirePermission(access, "importData");
  return withPgClient(async (client) => {
    const { rows } = await client.query<{ import_id: number }>(`select import_id from import_duplicate where id = $1 and project_id = $2`, [validId(pendingId), access.project.id]);
    if (!rows[0]) throw new AppError(404, "That duplicate is not part of this project's imports.");
    return rows[0].import_id;
  });
}

/** Values the user's merges did not take (the existing record already had one), for the Complete step. */
export async function listNotTaken(access: ProjectAccess, importId: number, limit = 100): Promise<{ rowNumber: number; recordId: number; label: string; existing: string; incoming: string }[]> {
  requirePermission(access, "importData");
  return withPgClient(async (client) => {
    const record = await findImport(client, access, importId);
    const { rows } = await client.query<{ row_number: number; kind: DuplicateKind; merged_into: number; item: { field: string; existing: unknown; incoming: unknown } }>(
      `select d.row_number, d.kind, (d.outcome ->> 'mergedInto')::int as merged_into, n.item
         from import_duplicate d, jsonb_array_elements(coalesce(d.outcome -> 'notTaken', '[]'::jsonb)) as n(item)
        where d.import_id = $1 order by d.row_number, d.id limit $2`,
      [record.id, limit],
    );
    return rows.map((r) => ({
      rowNumber: r.row_number,
      recordId: r.merged_into,
      label: labelled(r.kind, r.item.field),
      existing: displayValue(r.item.existing),
      incoming: displayValue(r.item.incoming),
    }));
  });
}
