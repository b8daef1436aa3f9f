import { Client } from "~db/entities/Client";
import { db } from "~db/orm";
import { sqlExecute, sqlRows } from "~db/sql.server";
import { storageLimitMB } from "~/modules/billing/plan-limits";
import { AppError } from "~/utils/app-error";

const MB = 1024 * 1024;

/**
 * Bytes stored for one client: documents and templates of all its projects. Each object counts once:
 * the documents a title-PDF import makes (one per property) share one object.
 */
export async function clientStoredBytes(clientId: number): Promise<number> {
  const rows = await sqlRows<{ total: string | null }>(
    `select coalesce((select sum(o.file_size) from (select max(d.file_size) as file_size from document d join project p on p.id = d.project_id
                                                      where p.client_id = ? group by d.storage_key) o), 0)
            + coalesce((select sum(t.file_size) from template t join project p on p.id = t.project_id where p.client_id = ?), 0) as total`,
    [clientId, clientId],
  );
  return Number(rows[0]?.total ?? 0);
}

function formatMb(bytes: number) {
  return `${(bytes / MB).toFixed(1)} MB`;
}

export function quotaMessage(limitMb: number, usedBytes: number) {
  return `Storage limit reached: your plan allows ${limitMb} MB and ${formatMb(usedBytes)} is used.`;
}

/** The client's storage limit in MB, or null for none: its effective plan's (a free Professional month counts). */
export async function storageLimitMb(clientId: number): Promise<number | null> {
  const client = await db().findOneOrFail(Client, { id: clientId }, { fields: ["name", "subscriptionPlan", "maxProjects", "maxStorageMB", "freeProExpiresAt"] });
  return storageLimitMB(client);
}

/** Early refusal before streaming a byte: the client is already at (or over) its limit. */
export async function assertStorageAvailable(clientId: number) {
  const limitMb = await storageLimitMb(clientId);
  if (limitMb === null) return;
  const used = await clientStoredBytes(clientId);
  if (used >= limitMb * MB) throw new AppError(413, quotaMessage(limitMb, used));
}

/**
 * The authoritative check, inside the transaction that records the new file: a per-client advisory
 * lock serialises concurrent uploads of one client, so two of them can never both fit the last
 * free megabytes. The lock is released when the transaction ends.
 */
export async function reserveStorage(clientId: number, bytes: number) {
  await sqlExecute("select pg_advisory_xact_lock(?, ?)", [0x5354, clientId]);
  const limitMb = await storageLimitMb(clientId);
  if (limitMb === null) return;
  const used = await clientStoredBytes(clientId);
  if (used + bytes > limitMb * MB) throw new AppError(413, quotaMessage(limitMb, used));
}
