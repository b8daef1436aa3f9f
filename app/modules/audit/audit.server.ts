import { AuditLog } from "~db/entities/AuditLog";
import { db } from "~db/orm";
import { sqlOutsideTransaction } from "~db/sql.server";
import { log } from "~/utils/log.server";

export interface AuditEntry {
  userId: string | null;
  action: string;
  entityType: string;
  entityId: string | number;
  clientId?: number | null;
  projectId?: number | null;
  before?: unknown;
  after?: unknown;
}

/** Records who did what to which record (flushed with the caller's unit of work). */
export function recordAudit(entry: AuditEntry) {
  const em = db();
  em.create(AuditLog, {
    user: entry.userId,
    client: entry.clientId ?? null,
    project: entry.projectId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  } as never);
}

/**
 * Records a security event (a refused access, a failed sign-in) at once, on its own connection and
 * outside any transaction: the request it belongs to ends in an error, and the row must survive
 * that. A failure to write it is logged, never allowed to change the response.
 */
export async function recordSecurityEvent(entry: AuditEntry): Promise<void> {
  try {
    await sqlOutsideTransaction(
      `insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, before, after)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        entry.userId,
        entry.clientId ?? null,
        entry.projectId ?? null,
        entry.action,
        entry.entityType,
        String(entry.entityId),
        entry.before === undefined ? null : JSON.stringify(entry.before),
        entry.after === undefined ? null : JSON.stringify(entry.after),
      ],
    );
  } catch (error) {
    log.error({ component: "audit", action: entry.action, err: error }, "Could not write the audit event");
  }
}
