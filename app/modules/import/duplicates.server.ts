/**
 * The rows an import held back as likely duplicates (docs/import.md#duplicates): read them page by page with their
 * candidates as they now are, save the user's choices, and resolve them — everything in one transaction
 * that belongs to the import record, so Undo import covers it. Every function checks importData first
 * and scopes every query by the project: another project's import or candidate is 404 / refused.
 */
import type pg from "pg";
import { KIND_RULES, refreshMatchKeys, type DuplicateKind } from "~/modules/duplicates/candidates.server";
import { differingFields } from "~/modules/duplicates/merge";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { withPooledClient } from "~/modules/jobs/boss.server";
import { ApiValidationError } from "~/modules/auth/api.server";
import { AppError } from "~/utils/app-error";
import { refId } from "~db/entities/refs";
import type { DuplicateCandidateJson } from "~db/entities/ImportDuplicate";
import { actionsFor, ALREADY_RESOLVED_MESSAGE, choiceValue, displayValue, RESOLVE_ALL_MESSAGE, similarityText, type CandidateView, type Choice, type PendingDuplicateView } from "./duplicate-view";
import { importField } from "./import-fields";
import { applyMerges, importTypeOf, rowToValues, type MergeContext } from "./import-merge.server";
import { OwnerLinker, ownersOf } from "./import-owners.server";
import { createFromIncoming, type WriterRecord } from "./import-writer.server";
import { attachSourceDocument } from "./source-document.server";
import { discardStaged } from "./staging.server";

export const DUPLICATES_PAGE_SIZE = 20;
const IMPORT_NOT_FOUND = "Import not found";
const FORM_ERROR = "_form";

interface ImportRow extends WriterRecord {
  status: string;
  data_key: string | null;
  counts: Record<string, number>;
  duplicates_resolved_at: Date | null;
}

interface PendingRow {
  id: number;
  row_number: number;
  kind: DuplicateKind;
  incoming: Record<string, unknown>;
  candidates: DuplicateCandidateJson[];
  action: Choice["action"] | null;
  selected_id: number | null;
}

const validId = (id: unknown) => (typeof id === "number" && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0);

async function findImport(client: pg.ClientBase, access: ProjectAccess, importId: number, lock = false): Promise<ImportRow> {
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

function labelled(kind: DuplicateKind, key: string): string {
  if (key.startsWith("custom:")) return key.slice("custom:".length);
  return importField(importTypeOf(kind), key)?.label ?? key;
}

function summaryOf(kind: DuplicateKind, values: Record<string, unknown>) {
  return SUMMARY_FIELDS[kind].map((key) => ({ label: labelled(kind, key), value: displayValue(values[key]) })).filter((item) => item.value);
}

const titleOf = (kind: DuplicateKind, values: Record<string, unknown>) => displayValue(kind === "stakeholder" ? values.name : values.address) || "(no name)";

/** The candidates' records as they now are, in this project only. */
async function currentRecords(client: pg.ClientBase, projectId: number, kind: DuplicateKind, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
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
  return withPooledClient(async (client) => {
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

/** Checks and stores choices: each names a held-back row of this import and, for link/merge, one of its candidates. */
async function storeChoices(client: pg.ClientBase, record: ImportRow, choices: readonly Choice[]): Promise<void> {
  if (!choices.length) return;
  const { rows } = await client.query<PendingRow>(`select id, kind, candidates from import_duplicate where import_id = $1 and id = any($2::int[])`, [record.id, choices.map((c) => c.pendingId)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const choice of choices) {
    const row = byId.get(choice.pendingId);
    if (!row) throw new AppError(404, "That duplicate is not part of this import.");
    if (choice.action === "create") continue;
    const candidate = row.candidates.find((c) => c.id === choice.selectedId);
    if (!candidate) throw new ApiValidationError({ [FORM_ERROR]: "The record chosen is not one of this row's candidates. Nothing was changed." });
    if (!actionsFor(row.kind, candidate.matchType).includes(choice.action)) {
      throw new ApiValidationError({ [FORM_ERROR]: "Merge is offered only for the same volume/folio written another way. Nothing was changed." });
    }
  }
  await client.query(
    `update import_duplicate d set action = c.action, selected_id = c.selected_id
       from jsonb_to_recordset($2::jsonb) as c(pending_id int, action text, selected_id int)
      where d.id = c.pending_id and d.import_id = $1`,
    [record.id, JSON.stringify(choices.map((c) => ({ pending_id: c.pendingId, action: c.action, selected_id: c.selectedId })))],
  );
}

async function inTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withPooledClient(async (client) => {
    await client.query("begin");
    try {
      const result = await fn(client);
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    }
  });
}

function assertOpen(record: ImportRow) {
  if (record.status !== "completed") throw new AppError(409, `This import is ${record.status}: its duplicates can no longer be resolved.`, "IMPORT_NOT_OPEN");
  if (record.duplicates_resolved_at) throw new AppError(409, ALREADY_RESOLVED_MESSAGE, "DUPLICATES_RESOLVED");
}

/** Saves choices without resolving (the step's pages, one at a time). */
export async function saveDuplicateChoices(access: ProjectAccess, importId: number, choices: readonly Choice[]): Promise<void> {
  requirePermission(access, "importData");
  await inTransaction(async (client) => {
    const record = await findImport(client, access, importId, true);
    assertOpen(record);
    await storeChoices(client, record, choices);
  });
}

export interface ResolveOutcome {
  message: string;
  created: number;
  linked: number;
  merged: number;
  /** Values a merge did not take because the existing record already had one. */
  notTaken: { pendingId: number; recordId: number; field: string; label: string; existing: string; incoming: string }[];
}

/**
 * Saves `choices` and resolves every held-back row of the import, all in one transaction: refused (and
 * nothing written) while any row has no choice, a chosen record is gone, or the import is not open.
 */
export async function resolveDuplicates(access: ProjectAccess, importId: number, choices: readonly Choice[] = []): Promise<ResolveOutcome> {
  requirePermission(access, "importData");
  const { outcome, discard } = await inTransaction(async (client) => {
    const record = await findImport(client, access, importId, true);
    assertOpen(record);
    await storeChoices(client, record, choices);
    const { rows } = await client.query<PendingRow>(`select id, row_number, kind, incoming, candidates, action, selected_id from import_duplicate where import_id = $1 order by row_number, id`, [
      record.id,
    ]);
    const kind: DuplicateKind = record.import_type === "stakeholders" ? "stakeholder" : "property";
    if (rows.some((row) => !row.action)) throw new ApiValidationError({ [FORM_ERROR]: RESOLVE_ALL_MESSAGE[kind] });
    const context: MergeContext = { importId: record.id, projectId: record.project_id, clientId: record.client_id, userId: record.created_by_id };
    const result = await applyResolutions(client, record, context, rows);
    const counts = { ...record.counts };
    counts.created = (counts.created ?? 0) + result.created;
    counts.imported = (counts.imported ?? 0) + result.created;
    counts.updated = (counts.updated ?? 0) + result.merged;
    counts.linked = (counts.linked ?? 0) + result.linked;
    counts.stakeholdersCreated = (counts.stakeholdersCreated ?? 0) + (kind === "stakeholder" ? result.created : result.ownersCreated);
    counts.stakeholdersLinked = (counts.stakeholdersLinked ?? 0) + result.ownersLinked;
    counts.pendingDuplicates = 0;
    await client.query(`update import_record set counts = $2, duplicates_resolved_at = now(), data_key = null where id = $1`, [record.id, JSON.stringify(counts)]);
    await client.query(`insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, after) values ($1, $2, $3, 'import.resolve-duplicates', 'ImportRecord', $4, $5)`, [
      access.user.id,
      refId(access.project.client),
      access.project.id,
      String(record.id),
      JSON.stringify({ created: result.created, linked: result.linked, merged: result.merged }),
    ]);
    const outcome: ResolveOutcome = { message: "Duplicates resolved successfully", created: result.created, linked: result.linked, merged: result.merged, notTaken: result.notTaken };
    return { outcome, discard: record.data_key };
  });
  if (discard) await discardStaged(discard).catch((error) => console.error(`Import ${importId}: could not discard its staged rows:`, error));
  return outcome;
}

async function applyResolutions(client: pg.ClientBase, record: ImportRow, context: MergeContext, rows: PendingRow[]) {
  let created = 0;
  let linked = 0;
  const notTaken: ResolveOutcome["notTaken"] = [];
  const outcomes = new Map<number, Record<string, unknown>>();
  const byKind = new Map<DuplicateKind, PendingRow[]>();
  for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);
  const owners = record.import_type === "properties" ? new OwnerLinker(client, context) : null;
  if (owners) await refreshMatchKeys(client, context.projectId, "stakeholder");
  const ownerJobs: { propertyId: number; owners: ReturnType<typeof ownersOf>; primary: boolean }[] = [];
  const createdProperties: number[] = [];
  let merged = 0;
  for (const [kind, list] of byKind) {
    const selected = list.filter((row) => row.action !== "create").map((row) => row.selected_id!);
    const present = await currentRecords(client, context.projectId, kind, selected);
    for (const row of list) {
      if (row.action !== "create" && !present.has(row.selected_id!)) {
        throw new AppError(409, `The record chosen for row ${row.row_number} no longer exists. Choose again; nothing was changed.`, "CANDIDATE_GONE");
      }
    }
    const merges = list.filter((row) => row.action === "merge").map((row) => ({ id: row.selected_id!, values: row.incoming, pendingId: row.id }));
    const results = await applyMerges(client, kind, context, merges);
    merges.forEach((merge, i) => {
      const result = results[i];
      if (result?.changed.length) merged++;
      outcomes.set(merge.pendingId, { mergedInto: merge.id, changed: result?.changed ?? [], notTaken: result?.notTaken ?? [] });
      for (const item of result?.notTaken ?? []) {
        notTaken.push({
          pendingId: merge.pendingId,
          recordId: merge.id,
          field: item.field,
          label: labelled(kind, item.field),
          existing: displayValue(item.existing),
          incoming: displayValue(item.incoming),
        });
      }
    });
    for (const row of list) {
      if (row.action === "link") {
        linked++;
        outcomes.set(row.id, { linkedTo: row.selected_id });
      } else if (row.action === "create") {
        const id = await createFromIncoming(client, record, kind, row.incoming);
        created++;
        outcomes.set(row.id, { created: id });
        if (kind === "property") createdProperties.push(id);
      }
      if (kind === "property") {
        const list = ownersOf(row.incoming);
        const propertyId = row.action === "create" ? (outcomes.get(row.id)!.created as number) : row.selected_id!;
        if (list.length) ownerJobs.push({ propertyId, owners: list, primary: row.action === "create" });
      }
    }
  }
  let ownersCreated = 0;
  let ownersLinked = 0;
  if (owners && ownerJobs.length) {
    const links = await owners.resolve(ownerJobs);
    for (const link of links) {
      if (link.primary)
        await client.query(`update property set stakeholder_id = $1 where id = $2 and stakeholder_id is null and import_id = $3`, [link.stakeholderId, link.propertyId, context.importId]);
    }
    await owners.writeLinks(links);
    ownersCreated = owners.created;
    ownersLinked = owners.linked;
  }
  if (createdProperties.length) await attachSourceDocument(client, { ...record, data_key: record.data_key }, createdProperties);
  await client.query(`update import_duplicate d set outcome = o.outcome, resolved_at = now() from jsonb_to_recordset($2::jsonb) as o(id int, outcome jsonb) where d.id = o.id and d.import_id = $1`, [
    record.id,
    JSON.stringify([...outcomes].map(([id, outcome]) => ({ id, outcome }))),
  ]);
  return { created, linked, merged, notTaken, ownersCreated, ownersLinked };
}

const API_LIST_LIMIT = 1000;

/** The spec's pendingDuplicates items (docs/import.md#api) for the /api answer: the row's values and its candidates. */
export async function apiPendingDuplicates(access: ProjectAccess, importId: number, limit = API_LIST_LIMIT): Promise<Record<string, unknown>[]> {
  requirePermission(access, "importData");
  return withPooledClient(async (client) => {
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
  return withPooledClient(async (client) => {
    const { rows } = await client.query<{ import_id: number }>(`select import_id from import_duplicate where id = $1 and project_id = $2`, [validId(pendingId), access.project.id]);
    if (!rows[0]) throw new AppError(404, "That duplicate is not part of this project's imports.");
    return rows[0].import_id;
  });
}

/** Values the user's merges did not take (the existing record already had one), for the Complete step. */
export async function listNotTaken(access: ProjectAccess, importId: number, limit = 100): Promise<{ rowNumber: number; recordId: number; label: string; existing: string; incoming: string }[]> {
  requirePermission(access, "importData");
  return withPooledClient(async (client) => {
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
