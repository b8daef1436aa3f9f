/**
 * Undo import (docs/import.md#undo): in one transaction, removes every record the import created (stakeholders,
 * properties, the owners it created), the links and title documents it made, and puts back the fields it
 * merged into existing records — unless something it touched was edited or linked since; then nothing
 * changes and the user is told how many and why. Each removed record gets its delete audit row, each
 * restored one an update row, and the import one "import.undo" row.
 */
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import type { DuplicateKind } from "~/modules/duplicates/candidates.server";
import { AppError } from "~/utils/app-error";
import { refId } from "~db/entities/refs";
import { withPgTransaction, type PgClient } from "~db/sql.server";
import { assignFromJson, columnsFor } from "./import-merge.server";

const IMPORT_NOT_FOUND = "Import not found";

const count = (n: number) => n.toLocaleString("en-AU");
const were = (n: number) => (n === 1 ? "was" : "were");

interface Kind {
  table: "stakeholder" | "property";
  entity: "Stakeholder" | "Property";
  nouns: [string, string];
  /** Rows elsewhere, not made by this import ($1), that refer to one of these records (alias r). */
  linked: string;
  linkedWhat: string;
}

const KINDS: Kind[] = [
  {
    table: "property",
    entity: "Property",
    nouns: ["property", "properties"],
    linked: `exists (select 1 from stakeholder_property sp where sp.property_id = r.id and sp.import_id is distinct from $1)
      or exists (select 1 from document d where d.property_id = r.id and d.import_id is distinct from $1)
      or (r.stakeholder_id is not null and not exists (select 1 from stakeholder_property sp where sp.property_id = r.id and sp.stakeholder_id = r.stakeholder_id and sp.import_id = $1))`,
    linkedWhat: "linked to stakeholders or documents",
  },
  {
    table: "stakeholder",
    entity: "Stakeholder",
    nouns: ["stakeholder", "stakeholders"],
    linked: `exists (select 1 from stakeholder_property sp where sp.stakeholder_id = r.id and sp.import_id is distinct from $1)
      or exists (select 1 from engagement e where e.stakeholder_id = r.id)
      or exists (select 1 from document d where d.stakeholder_id = r.id)
      or exists (select 1 from property p where p.stakeholder_id = r.id and p.import_id is distinct from $1)`,
    linkedWhat: "linked to properties, interactions or documents",
  },
];

/** Created rows that were changed since: a hand edit bumps the version (import merges into them do not). */
const EDITED = "(r.version > 1 or r.updated_at > r.created_at)";

interface Check {
  kind: Kind;
  total: number;
  edited: number;
  linked: number;
}

async function checkCreated(client: PgClient, importId: number, projectId: number, kind: Kind): Promise<Check> {
  const {
    rows: [row],
  } = await client.query<{ total: number; edited: number; linked: number }>(
    `select count(*)::int as total, count(*) filter (where ${EDITED})::int as edited, count(*) filter (where ${kind.linked})::int as linked
       from ${kind.table} r where r.import_id = $1 and r.project_id = $2`,
    [importId, projectId],
  );
  return { kind, total: row?.total ?? 0, edited: row?.edited ?? 0, linked: row?.linked ?? 0 };
}

/** Merged records whose merged columns no longer hold what the import wrote. */
async function editedMerges(client: PgClient, importId: number): Promise<number> {
  const {
    rows: [row],
  } = await client.query<{ n: number }>(
    `select count(*)::int as n from import_merge m
       left join stakeholder s on m.kind = 'stakeholder' and s.id = m.entity_id
       left join property p on m.kind = 'property' and p.id = m.entity_id
      where m.import_id = $1
        and coalesce(s.id, p.id) is not null
        and exists (select 1 from jsonb_each(m.after) a
                     where (case when m.kind = 'stakeholder' then to_jsonb(s.*) else to_jsonb(p.*) end) -> a.key is distinct from a.value)`,
    [importId],
  );
  return row?.n ?? 0;
}

/**
 * Puts back the columns merged into one kind's records, newest merge first (a record merged twice ends as
 * before the first), with the version and update time they had: nobody changed them since (editedMerges),
 * so the record reads as never edited and an earlier import that created it can still be undone.
 */
async function restoreMerges(client: PgClient, importId: number, projectId: number, kind: DuplicateKind, audit: (string | number)[]): Promise<number> {
  const columns = columnsFor(kind);
  const { rows } = await client.query<{ id: number; entity_id: number; before: Record<string, unknown> }>(
    `select id, entity_id, before from import_merge where import_id = $1 and kind = $2 order by id desc`,
    [importId, kind],
  );
  let restored = 0;
  for (const merge of rows) {
    const touched = columns.filter((c) => c.column in merge.before);
    if (!touched.length) continue;
    const result = await client.query(
      `with m as (select $1::jsonb as before),
       upd as (
         update "${kind}" t set ${touched.map((c) => assignFromJson(c, "m.before")).join(", ")},
                version = coalesce((m.before ->> 'version')::int, t.version + 1), updated_at = coalesce((m.before ->> 'updated_at')::timestamptz, now())
           from m where t.id = $2 and t.project_id = $3
         returning t.id, jsonb_strip_nulls(to_jsonb(t.*) - 'match_keys') as after
       )
       insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, after)
       select $4, $5, $3, '${kind}.update', '${kind === "stakeholder" ? "Stakeholder" : "Property"}', upd.id::text, upd.after from upd`,
      [JSON.stringify(merge.before), merge.entity_id, projectId, ...audit],
    );
    restored += result.rowCount ?? 0;
  }
  return restored;
}

/** The refusal of a role that imports but may not delete records (docs/import.md#undo). */
export const UNDO_NEEDS_DELETE = "Undoing an import deletes the records it created, so it needs the permission to delete records.";

export async function undoImport(access: ProjectAccess, importId: number): Promise<{ removed: number; restored: number }> {
  requirePermission(access, "importData");
  // The same two checks as canUndoImport, which the screens offer Undo by.
  requirePermission(access, "deleteData", { message: UNDO_NEEDS_DELETE });
  const id = Number.isSafeInteger(importId) && importId > 0 ? importId : 0;
  if (!id) throw new AppError(404, IMPORT_NOT_FOUND);
  const projectId = access.project.id;
  const clientId = refId(access.project.client);
  return withPgTransaction(async (client) => {
    const { rows } = await client.query<{ status: string; import_type: string }>("select status, import_type from import_record where id = $1 and project_id = $2 for update", [id, projectId]);
    const record = rows[0];
    if (!record) throw new AppError(404, IMPORT_NOT_FOUND);
    if (record.status !== "completed") throw new AppError(409, `Only a completed import can be undone; this one is ${record.status}.`, "IMPORT_NOT_UNDOABLE");

    const checks: Check[] = [];
    for (const kind of KINDS) checks.push(await checkCreated(client, id, projectId, kind));
    const reasons: string[] = [];
    for (const check of checks) {
      const noun = check.kind.nouns[check.total === 1 ? 0 : 1];
      const what = [check.edited ? `${count(check.edited)} ${were(check.edited)} edited` : null, check.linked ? `${count(check.linked)} ${were(check.linked)} ${check.kind.linkedWhat}` : null].filter(
        Boolean,
      );
      if (what.length) reasons.push(`of the ${count(check.total)} ${noun} it created, ${what.join(" and ")}`);
    }
    const mergesEdited = await editedMerges(client, id);
    if (mergesEdited) reasons.push(`${count(mergesEdited)} of the records it merged into ${were(mergesEdited)} edited`);
    if (reasons.length) {
      throw new AppError(409, `This import cannot be undone: ${reasons.join("; ")} since it ran. Nothing was removed.`, "IMPORT_CHANGED_SINCE");
    }

    // The links and title documents it made, then what it created (properties name their owners), then its merges.
    await client.query(`delete from stakeholder_property where import_id = $1 and project_id = $2`, [id, projectId]);
    await client.query(
      `with gone as (delete from document d where d.import_id = $1 and d.project_id = $2 returning d.id, jsonb_strip_nulls(to_jsonb(d.*)) as before)
       insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, before)
       select $3, $4, $2, 'document.delete', 'Document', gone.id::text, gone.before from gone`,
      [id, projectId, access.user.id, clientId],
    );
    // A parcel import's parcels go first: the properties its review created are then no parcel's (docs/import.md#parcels).
    const parcels = await client.query(
      `with gone as (delete from parcel r where r.import_id = $1 and r.project_id = $2 returning r.id, jsonb_strip_nulls(to_jsonb(r.*) - 'geometry') as before)
       insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, before)
       select $3, $4, $2, 'parcel.delete', 'Parcel', gone.id::text, gone.before from gone`,
      [id, projectId, access.user.id, clientId],
    );
    let removed = parcels.rowCount ?? 0;
    for (const check of checks) {
      const deleted = await client.query(
        `with gone as (
           delete from ${check.kind.table} r where r.import_id = $1 and r.project_id = $2 and not ${EDITED}
           returning r.id, jsonb_strip_nulls(to_jsonb(r.*) - 'match_keys') as before
         )
         insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, before)
         select $3, $4, $2, '${check.kind.table}.delete', '${check.kind.entity}', gone.id::text, gone.before from gone`,
        [id, projectId, access.user.id, clientId],
      );
      if (deleted.rowCount !== check.total) throw new AppError(409, "This import's records changed while it was being undone. Nothing was removed: try again.", "IMPORT_CHANGED_SINCE");
      removed += check.total;
    }
    let restored = 0;
    for (const kind of ["stakeholder", "property"] as const) restored += await restoreMerges(client, id, projectId, kind, [access.user.id, clientId]);

    await client.query("update import_record set status = 'undone', undone_at = now() where id = $1", [id]);
    await client.query(`insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, after) values ($1, $2, $3, 'import.undo', 'ImportRecord', $4, $5)`, [
      access.user.id,
      clientId,
      projectId,
      String(id),
      JSON.stringify({ removed, restored, importType: record.import_type }),
    ]);
    return { removed, restored };
  });
}
