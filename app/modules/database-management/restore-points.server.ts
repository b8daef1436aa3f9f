import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { toWebStream } from "~/utils/web-stream.server";
import { RestorePoint, type IRestorePoint } from "~db/entities/RestorePoint";
import { refId } from "~db/entities/refs";
import { db } from "~db/orm";
import type { CurrentUser } from "~/modules/access/current-user.server";
import { requireSystemPermission } from "~/modules/access/system.server";
import { sqlExecute, sqlRows } from "~db/sql.server";
import { recordSecurityEvent, type AuditEntry } from "~/modules/audit/audit.server";
import { exportProjectDatabase } from "~/modules/database-export/database-export.server";
import type { ProjectAccess } from "~/modules/access/project-access.server";
import { contentDisposition } from "~/utils/download";
import { getObjectStore, ObjectNotFoundError } from "~/modules/storage/index.server";
import { AppError } from "~/utils/app-error";
import { guardDownload } from "~/utils/downloads.server";
import { admitLinkedDownload } from "~/modules/database-export/linked-download.server";
import { log } from "~/utils/log.server";
import { parseRecordId } from "~/utils/record-id";
import { DANGER_ACTIONS, RESTORE_POINT_DAYS, type RestorePointReason } from "./danger-zone";

/** A project's dump may be large; the store refuses past this. */
const MAX_RESTORE_POINT_BYTES = 4 * 1024 ** 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Saves the project's SQL dump (the same file as GET /api/database/export) to the object store and
 * records it, before a Danger Zone action. Committed on its own, before the action starts: if the
 * action then fails, the point is still there; if the dump fails, the action does not run.
 */
export async function createRestorePoint(access: ProjectAccess, reason: RestorePointReason): Promise<IRestorePoint> {
  const clientId = refId(access.project.client);
  const key = `restore-points/${clientId}/${access.project.id}/${randomUUID()}.sql`;
  const response = await exportProjectDatabase(access, new Request("http://restore-point.invalid/"), { internal: true });
  if (!response.body) throw new AppError(500, reason === "restore" ? "Failed to save a restore point" : DANGER_ACTIONS[reason].failure);
  const store = getObjectStore();
  // Hashed as it is stored: a restore checks the bytes it reads back before running them (docs/operations.md#nothing-lost).
  const hash = createHash("sha256");
  const dump = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
  const hashed = (async function* () {
    for await (const chunk of dump) {
      hash.update(chunk as Uint8Array);
      yield chunk as Uint8Array;
    }
  })();
  const { size } = await store.put(key, hashed, { contentType: "application/sql", maxBytes: MAX_RESTORE_POINT_BYTES });
  try {
    const sha256 = hash.digest("hex");
    // The point and the files its dump names, together (the sweep reads restore_point_object).
    const point = await db()
      .fork()
      .transactional(async (tx) => {
        // Still this client's project: a migration (which withdraws the project's points) either
        // committed first, and this point is refused, or waits for this one and withdraws it too.
        const owned = await sqlRows("select 1 from project where id = ? and client_id = ? for share", [access.project.id, clientId]);
        if (!owned.length) throw new AppError(409, "The project now belongs to another client, so no restore point was saved");
        const created = tx.create(RestorePoint, {
          client: clientId,
          projectId: access.project.id,
          projectName: access.project.name,
          reason,
          createdBy: access.user.id,
          storageKey: key,
          fileSize: size,
          sha256,
          expiresAt: new Date(Date.now() + RESTORE_POINT_DAYS * DAY_MS),
        } as never);
        await tx.flush();
        await sqlExecute(
          `insert into restore_point_object (restore_point_id, storage_key)
         select ?, storage_key from document where project_id = ? union select ?, storage_key from template where project_id = ? on conflict do nothing`,
          [created.id, access.project.id, created.id, access.project.id],
        );
        return created;
      });
    return point;
  } catch (error) {
    await store.delete(key).catch(() => {});
    throw error;
  }
}

export interface RestorePointRow {
  id: number;
  reason: RestorePointReason;
  createdAt: string;
  expiresAt: string;
  fileSize: number;
}

/** The project's restore points that have not expired, newest first. */
export async function listRestorePoints(access: ProjectAccess): Promise<RestorePointRow[]> {
  const rows = await db().find(
    RestorePoint,
    { projectId: access.project.id, client: refId(access.project.client), expiresAt: { $gt: new Date() } },
    { orderBy: { createdAt: "desc", id: "desc" }, limit: 100 },
  );
  return rows.map((r) => ({ id: r.id, reason: r.reason, createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString(), fileSize: r.fileSize }));
}

export interface DeletedProjectRestorePointRow extends RestorePointRow {
  projectId: number;
  projectName: string;
  clientName: string;
}

/**
 * Restore points of projects that no longer exist (taken before "Delete Entire Project", or before an
 * earlier action on a project deleted since): with the project gone they cannot be reached through a
 * project, so Database Management lists them for the client. The Danger Zone's roles only (the same
 * rule as the download); a system admin sees every client's.
 */
export async function listDeletedProjectRestorePoints(user: CurrentUser): Promise<DeletedProjectRestorePointRow[]> {
  requireSystemPermission(user, "dangerZone", { message: "You do not have permission to see restore points", entityType: "RestorePoint" });
  if (user.role !== "system_admin" && user.clientId === null) return [];
  const clientFilter = user.role === "system_admin" ? "" : "and rp.client_id = ?";
  const rows = await sqlRows<{ id: number; reason: RestorePointReason; createdAt: Date; expiresAt: Date; fileSize: string | number; projectId: number; projectName: string; clientName: string }>(
    `select rp.id, rp.reason, rp.created_at as "createdAt", rp.expires_at as "expiresAt", rp.file_size as "fileSize", rp.project_id as "projectId", rp.project_name as "projectName", c.name as "clientName"
       from restore_point rp join client c on c.id = rp.client_id
       where rp.expires_at > now() and not exists (select 1 from project p where p.id = rp.project_id) ${clientFilter}
       order by rp.created_at desc, rp.id desc limit 100`,
    user.role === "system_admin" ? [] : [user.clientId],
  );
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    createdAt: new Date(r.createdAt).toISOString(),
    expiresAt: new Date(r.expiresAt).toISOString(),
    fileSize: Number(r.fileSize),
    projectId: r.projectId,
    projectName: r.projectName,
    clientName: r.clientName,
  }));
}

export function restorePointUrl(id: number) {
  return `/database-management/restore-points/${id}`;
}

function restorePointFileName(point: IRestorePoint) {
  const stamp = point.createdAt.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return `project_${point.projectId}_restore_point_${stamp}.sql`;
}

/**
 * The download of one restore point. It is the client's, not the project's (the project may be gone):
 * the Danger Zone's roles of that client (system_admin: any) may download it; another client's or
 * an expired one is 404, a lower role 403.
 */
export async function openRestorePoint(user: CurrentUser, idParam: unknown, request: Request): Promise<Response> {
  const notFound = new AppError(404, "Restore point not found");
  const id = parseRecordId(idParam);
  const point = id ? await db().findOne(RestorePoint, { id, expiresAt: { $gt: new Date() } }) : null;
  if (!point) throw notFound;
  if (user.role !== "system_admin" && refId(point.client) !== user.clientId) throw notFound;
  requireSystemPermission(user, "dangerZone", { message: "You do not have permission to download restore points", entityType: "RestorePoint", entityId: point.id });
  const audit = await restorePointDownloadAudit(user, point);
  // A long download like an export: one slot of the budget, cut off when the client stops reading (docs/operations.md#pools-and-timeouts).
  const slot = await admitLinkedDownload(request, user.id, "/database-management");
  try {
    const object = await getObjectStore().get(point.storageKey);
    await recordSecurityEvent(audit);
    return new Response(guardDownload(toWebStream(object.stream), { slot }), {
      headers: {
        "Content-Type": "application/sql; charset=utf-8",
        "Content-Length": String(object.size),
        "Content-Disposition": contentDisposition("attachment", restorePointFileName(point)),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    slot.release();
    if (error instanceof ObjectNotFoundError) throw notFound;
    throw error;
  }
}

/**
 * Each download of a restore point is audited (docs/administration.md#restore-points) once its file is
 * open, on its own connection (a GET has no unit of work): who, which point, and its project, linked to
 * the project while it still exists under the point's client (an audit row may only name a live project).
 */
async function restorePointDownloadAudit(user: CurrentUser, point: IRestorePoint): Promise<AuditEntry> {
  const clientId = refId(point.client);
  const live = await sqlRows<{ id: number }>("select id from project where id = ? and client_id = ?", [point.projectId, clientId]);
  return {
    userId: user.id,
    clientId,
    projectId: live.length ? point.projectId : null,
    action: "database.restore-point-download",
    entityType: "RestorePoint",
    entityId: point.id,
    after: { projectId: point.projectId, projectName: point.projectName, reason: point.reason, fileSize: point.fileSize },
  };
}

/**
 * A project that moves to another client leaves its restore points behind, withdrawn
 * (docs/administration.md#project-migration): they are expired in the caller's transaction, so every
 * list and download treats them as gone (404) from its commit on, and the periodic sweep removes their
 * files and rows with the other expired points. Returns the withdrawn points' ids.
 */
export async function withdrawRestorePoints(projectId: number, clientId: number): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>("update restore_point set expires_at = now() where project_id = ? and client_id = ? and expires_at > now() returning id", [projectId, clientId]);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Removes restore points past their 30 days (rows and objects); run with the store's periodic sweep. */
export async function removeExpiredRestorePoints(): Promise<number> {
  const em = db().fork();
  const expired = await em.find(RestorePoint, { expiresAt: { $lte: new Date() } }, { limit: 500 });
  const store = getObjectStore();
  for (const point of expired) {
    await store.delete(point.storageKey);
    em.remove(point);
  }
  await em.flush();
  if (expired.length) log.child({ component: "object-sweep" }).info({ event: "restore-points.expired", count: expired.length }, "expired restore points removed");
  return expired.length;
}
