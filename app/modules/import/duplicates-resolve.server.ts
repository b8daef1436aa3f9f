/**
 * Saving the user's choices for an import's held-back rows (docs/import.md) and resolving them, everything in
 * one transaction that belongs to the import record, so Undo import covers it. The rows as read are
 * duplicates.server.ts. Every function checks importData first and scopes every query by the project:
 * another project's import or candidate is 404 / refused.
 */
import type pg from "pg";
import { refreshMatchKeys, type DuplicateKind } from "~/modules/duplicates/candidates.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { ApiValidationError } from "~/utils/api-payload";
import { AppError } from "~/utils/app-error";
import { refId } from "~db/entities/refs";
import { withPgTransaction } from "~db/sql.server";
import { actionsFor, ALREADY_RESOLVED_MESSAGE, displayValue, RESOLVE_ALL_MESSAGE, RESOLVE_FAILED_MESSAGE, type Choice } from "./duplicate-view";
import { currentRecords, findImport, labelled, type ImportRow, type PendingRow } from "./duplicates.server";
import { applyMerges, type MergeContext } from "./import-merge.server";
import { OwnerLinker, ownersOf } from "./import-owners.server";
import { createFromIncoming } from "./import-writer.server";
import { attachSourceDocument } from "./source-document.server";
import { discardStaged } from "./staging.server";
import { log } from "~/utils/log.server";
import { asFailure } from "~/utils/failure.server";

const FORM_ERROR = "_form";

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

function assertOpen(record: ImportRow) {
  if (record.status !== "completed") throw new AppError(409, `This import is ${record.status}: its duplicates can no longer be resolved.`, "IMPORT_NOT_OPEN");
  if (record.duplicates_resolved_at) throw new AppError(409, ALREADY_RESOLVED_MESSAGE, "DUPLICATES_RESOLVED");
}

/** Saves choices without resolving (the step's pages, one at a time). */
export async function saveDuplicateChoices(access: ProjectAccess, importId: number, choices: readonly Choice[]): Promise<void> {
  requirePermission(access, "importData");
  await withPgTransaction(async (client) => {
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
  const { outcome, discard } = await withPgTransaction(async (client) => {
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
  }).catch((error: unknown) => {
    // A refusal keeps its reason; anything else rolled back is the spec's "Failed to resolve duplicates".
    throw asFailure(error, RESOLVE_FAILED_MESSAGE, { component: "import", code: "RESOLVE_FAILED", importId });
  });
  if (discard) await discardStaged(discard).catch((error) => log.error({ component: "import", importId, err: error }, "Could not discard the import's staged rows"));
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
