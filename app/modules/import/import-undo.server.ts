/**
 * Undo import (issue 10): removes every record an import created, in one transaction, unless one of
 * them was edited or linked since; then nothing is removed and the user is told how many and why.
 * Each removed record gets its delete audit row (as a hand-made delete does) and the import one
 * "import.undo" row.
 */
import { requirePermission, type ProjectAccess } from "~/modules/project/access.server";
import { withPooledClient } from "~/modules/jobs/boss.server";
import { AppError } from "~/utils/app-error";
import { refId } from "~db/entities/refs";

const IMPORT_NOT_FOUND = "Import not found";

const count = (n: number) => n.toLocaleString("en-AU");
const were = (n: number) => (n === 1 ? "was" : "were");

interface Kind {
  table: "stakeholder" | "property";
  entity: "Stakeholder" | "Property";
  nouns: [string, string];
  /** Rows elsewhere that refer to one of these records, as an `exists` test on alias r. */
  linked: string;
  linkedWhat: string;
}

const KINDS: Record<string, Kind> = {
  stakeholders: {
    table: "stakeholder",
    entity: "Stakeholder",
    nouns: ["stakeholder", "stakeholders"],
    linked: `exists (select 1 from stakeholder_property sp where sp.stakeholder_id = r.id)
      or exists (select 1 from engagement e where e.stakeholder_id = r.id)
      or exists (select 1 from document d where d.stakeholder_id = r.id)
      or exists (select 1 from property p where p.stakeholder_id = r.id)`,
    linkedWhat: "linked to properties, interactions or documents",
  },
  properties: {
    table: "property",
    entity: "Property",
    nouns: ["property", "properties"],
    linked: `exists (select 1 from stakeholder_property sp where sp.property_id = r.id)
      or exists (select 1 from document d where d.property_id = r.id)
      or r.stakeholder_id is not null`,
    linkedWhat: "linked to stakeholders or documents",
  },
};

export async function undoImport(access: ProjectAccess, importId: number): Promise<{ removed: number }> {
  requirePermission(access, "importData");
  const id = Number.isSafeInteger(importId) && importId > 0 ? importId : 0;
  if (!id) throw new AppError(404, IMPORT_NOT_FOUND);
  return withPooledClient(async (client) => {
    await client.query("begin");
    try {
      const { rows } = await client.query<{ status: string; import_type: string }>("select status, import_type from import_record where id = $1 and project_id = $2 for update", [
        id,
        access.project.id,
      ]);
      const record = rows[0];
      if (!record) throw new AppError(404, IMPORT_NOT_FOUND);
      if (record.status !== "completed") throw new AppError(409, `Only a completed import can be undone; this one is ${record.status}.`, "IMPORT_NOT_UNDOABLE");
      const kind = KINDS[record.import_type];
      if (!kind) throw new AppError(409, "This import cannot be undone.", "IMPORT_NOT_UNDOABLE");
      const edited = "(r.version > 1 or r.updated_at > r.created_at)";
      const {
        rows: [check],
      } = await client.query<{ total: number; edited: number; linked: number; blocked: number }>(
        `select count(*)::int as total, count(*) filter (where ${edited})::int as edited,
                count(*) filter (where ${kind.linked})::int as linked,
                count(*) filter (where ${edited} or ${kind.linked})::int as blocked
           from ${kind.table} r where r.import_id = $1 and r.project_id = $2`,
        [id, access.project.id],
      );
      const { total = 0, edited: editedCount = 0, linked = 0, blocked = 0 } = check ?? {};
      if (blocked > 0) {
        const reasons = [editedCount ? `${count(editedCount)} ${were(editedCount)} edited` : null, linked ? `${count(linked)} ${were(linked)} ${kind.linkedWhat}` : null].filter(Boolean).join(" and ");
        throw new AppError(
          409,
          `This import cannot be undone: of the ${count(total)} ${kind.nouns[total === 1 ? 0 : 1]} it created, ${reasons} since it ran. Nothing was removed.`,
          "IMPORT_CHANGED_SINCE",
        );
      }
      const clientId = refId(access.project.client);
      // Guarded again in the DELETE itself: a row edited after the check is not removed, and the count tells.
      const deleted = await client.query(
        `with gone as (
           delete from ${kind.table} r where r.import_id = $1 and r.project_id = $2 and not ${edited}
           returning r.id, jsonb_strip_nulls(to_jsonb(r.*)) as before
         )
         insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, before)
         select $3, $4, $2, '${kind.table}.delete', '${kind.entity}', gone.id::text, gone.before from gone`,
        [id, access.project.id, access.user.id, clientId],
      );
      if (deleted.rowCount !== total) throw new AppError(409, "This import's records changed while it was being undone. Nothing was removed: try again.", "IMPORT_CHANGED_SINCE");
      await client.query("update import_record set status = 'undone', undone_at = now() where id = $1", [id]);
      await client.query(`insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, after) values ($1, $2, $3, 'import.undo', 'ImportRecord', $4, $5)`, [
        access.user.id,
        clientId,
        access.project.id,
        String(id),
        JSON.stringify({ removed: total, importType: record.import_type }),
      ]);
      await client.query("commit");
      return { removed: total };
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    }
  });
}
