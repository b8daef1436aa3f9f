import { AuditLog } from "~db/entities/AuditLog";
import { db } from "~db/orm";

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
