import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { RestorePoint, type IRestorePoint } from "~db/entities/RestorePoint";
import { refId } from "~db/entities/refs";
import { db } from "~db/orm";
import { sqlOne, sqlRows, transactionPgClient, type PgClient } from "~db/sql.server";
import type { CurrentUser } from "~/modules/access/current-user.server";
import { resolveProjectAccess } from "~/modules/access/project-access.server";
import { requireSystemPermission } from "~/modules/access/system.server";
import { recordAudit, recordSecurityEvent } from "~/modules/audit/audit.server";
import { isLeftOut } from "~/modules/database-export/sql-dump";
import { getObjectStore, ObjectNotFoundError } from "~/modules/storage/index.server";
import { AppError, FieldError } from "~/utils/app-error";
import { log } from "~/utils/log.server";
import { parseRecordId } from "~/utils/record-id";
import { restorePointReasonLabel } from "./danger-zone";
import { classifyStatement, dumpProjectId, StatementSplitter } from "./restore-dump";
import { createRestorePoint } from "./restore-points.server";

/**
 * Putting a restore point back from the screen (docs/administration.md#restore-points,
 * docs/operations.md#nothing-lost): the Danger Zone's roles of the point's client (a system admin: any
 * client) type the project's name; the dump is read back from the object store, checked against the
 * SHA-256 taken when it was saved, and run in one transaction that first removes the project's current
 * rows (when it still exists). Nothing else is touched: the dump holds only this project's rows, and its
 * client and user rows are inserted only when missing.
 */

const restoreLog = log.child({ component: "restore" });
export const RESTORE_FAILED = "Failed to restore the restore point";

export interface RestoreConfirmation {
  id: number;
  projectId: number;
  projectName: string;
  projectExists: boolean;
  reasonLabel: string;
  createdAt: string;
  fileSize: number;
  /** A point saved before restores were checked has no checksum: download only. */
  restorable: boolean;
}

export interface RestoreResult {
  projectId: number;
  projectName: string;
  rows: number;
  documents: number;
  missingFiles: number;
  /** The restore point of the state the restore replaced (null when the project had been deleted). */
  savedPointId: number | null;
}

/** The point, if the user may restore it: another client's or an expired one is 404, a role without the Danger Zone 403. */
async function findPoint(user: CurrentUser, idParam: unknown): Promise<IRestorePoint> {
  const notFound = new AppError(404, "Restore point not found");
  const id = parseRecordId(idParam);
  const point = id ? await db().findOne(RestorePoint, { id, expiresAt: { $gt: new Date() } }) : null;
  if (!point) throw notFound;
  if (user.role !== "system_admin" && refId(point.client) !== user.clientId) throw notFound;
  requireSystemPermission(user, "dangerZone", { message: "You do not have permission to restore restore points", entityType: "RestorePoint", entityId: point.id });
  return point;
}

/** The confirmation step, /database-management/restore-points/{id}/restore. */
export async function loadRestoreConfirmation(user: CurrentUser, idParam: unknown): Promise<RestoreConfirmation> {
  const point = await findPoint(user, idParam);
  const project = await sqlOne<{ id: number }>("select id from project where id = ?", [point.projectId]);
  return {
    id: point.id,
    projectId: point.projectId,
    projectName: point.projectName,
    projectExists: Boolean(project),
    reasonLabel: restorePointReasonLabel(point.reason),
    createdAt: point.createdAt.toISOString(),
    fileSize: point.fileSize,
    restorable: Boolean(point.sha256),
  };
}

export function restoreConfirmationMessage(projectName: string) {
  return `Invalid Confirmation: Please type the project name "${projectName}" to confirm`;
}

/** Copies the stored dump to a temporary file, hashing it on the way. */
async function fetchDump(point: IRestorePoint, file: string): Promise<string> {
  const hash = createHash("sha256");
  let object;
  try {
    object = await getObjectStore().get(point.storageKey);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw new AppError(409, "The restore point's file is missing from the file store, so nothing was restored", "RESTORE_POINT_MISSING");
    throw error;
  }
  await pipeline(
    object.stream,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        yield chunk;
      }
    },
    fs.createWriteStream(file),
  );
  return hash.digest("hex");
}

/** How many of the keys the object store no longer has (a few requests at a time). */
async function countMissing(keys: string[]): Promise<number> {
  const store = getObjectStore();
  let missing = 0;
  for (let i = 0; i < keys.length; i += 8) {
    const found = await Promise.all(keys.slice(i, i + 8).map((key) => store.exists(key)));
    missing += found.filter((exists) => !exists).length;
  }
  return missing;
}

/** The checked statements of the file, run one at a time on the transaction's connection; returns the rows inserted. */
async function runDump(client: PgClient, file: string, projectId: number): Promise<number> {
  const splitter = new StatementSplitter();
  const refuse = (why: string) => new AppError(422, `The restore point's file is not a dump of this project (${why}), so nothing was restored`, "RESTORE_POINT_INVALID");
  let began = false;
  let committed = false;
  let head = true;
  let rows = 0;
  for await (const chunk of fs.createReadStream(file, { encoding: "utf8" })) {
    if (head) {
      if (dumpProjectId(chunk as string) !== projectId) throw refuse("another project");
      head = false;
    }
    for (const statement of splitter.push(chunk as string)) {
      const kind = classifyStatement(statement);
      if (!kind || committed) throw refuse("unexpected statement");
      if (kind.kind === "begin") {
        if (began) throw refuse("unexpected statement");
        began = true;
      } else if (kind.kind === "commit") {
        committed = true;
      } else if (kind.kind === "setting") await client.query(kind.sql);
      else if (kind.kind === "sequence") {
        // Not run: every id in the dump came from this database's sequences, which are already past
        // them. Setting a sequence to the table's max(id) + 1 would move it back below ids that other
        // transactions hold uncommitted, and their inserts would then collide.
        if (!began) throw refuse("unexpected statement");
      } else if (kind.kind === "insert") {
        if (!began) throw refuse("unexpected statement");
        if (isLeftOut(kind.table)) throw refuse("unexpected table");
        // Audit rows of the project that outlived it (project_id set null) are linked to it again.
        const sql = kind.table === "audit_log" ? `${kind.sql}\nON CONFLICT ("id") DO UPDATE SET "project_id" = EXCLUDED."project_id" WHERE "audit_log"."project_id" IS NULL` : kind.sql;
        const result = await client.query(sql);
        rows += result.rowCount ?? 0;
      }
    }
  }
  if (!committed || splitter.rest()) throw refuse("cut short");
  return rows;
}

/**
 * Restores the point: its project's rows come back exactly as in the dump, under the same ids. The
 * project's current rows go first (their files stay, as every delete's do); its audit rows stay and
 * keep pointing at it. Sequences never move back, so no id is handed out twice.
 */
export async function restoreFromPoint(user: CurrentUser, idParam: unknown, confirmation: unknown): Promise<RestoreResult> {
  const point = await findPoint(user, idParam);
  if (typeof confirmation !== "string" || confirmation.trim() !== point.projectName.trim())
    throw new FieldError(400, restoreConfirmationMessage(point.projectName), "confirmation", "INVALID_CONFIRMATION");
  if (!point.sha256) throw new AppError(409, "This restore point was saved before restores were checked: download it instead", "RESTORE_POINT_UNCHECKED");
  const clientId = refId(point.client);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "lr-restore-"));
  try {
    const file = path.join(dir, "dump.sql");
    const digest = await fetchDump(point, file);
    if (digest !== point.sha256) {
      restoreLog.error({ event: "restore.checksum-mismatch", restorePointId: point.id }, "restore refused: the stored dump does not match its checksum");
      await recordSecurityEvent({ userId: user.id, clientId, projectId: null, action: "database.restore-refused", entityType: "RestorePoint", entityId: point.id, after: { reason: "checksum" } });
      throw new AppError(422, "The restore point's file has changed since it was saved, so nothing was restored", "RESTORE_POINT_TAMPERED");
    }
    const started = Date.now();
    // Replacing a project that still exists is itself undoable: its current state is saved first, as
    // before a Danger Zone action (committed on its own; if it fails, nothing is restored).
    let savedPointId: number | null = null;
    if (await sqlOne("select 1 from project where id = ?", [point.projectId])) {
      const access = await resolveProjectAccess(user, point.projectId, "viewData");
      savedPointId = (await createRestorePoint(access, "restore")).id;
    }
    // Which of the point's files are still stored, asked before the transaction so that no lock waits on the store.
    const missingFiles = await countMissing((await sqlRows<{ storage_key: string }>("select storage_key from restore_point_object where restore_point_id = ?", [point.id])).map((r) => r.storage_key));
    const result = await db().transactional(async (em) => {
      const client = (await transactionPgClient(em))!;
      const projectId = point.projectId;
      const current = await client.query<{ client_id: number }>("select client_id from project where id = $1 for update", [projectId]);
      const existed = current.rows.length > 0;
      if (existed && current.rows[0]!.client_id !== clientId) throw new AppError(409, "The project now belongs to another client, so nothing was restored");
      await client.query("create temp table restore_audit_ids on commit drop as select id from audit_log where project_id = $1", [projectId]);
      await client.query("delete from project where id = $1", [projectId]);
      const rows = await runDump(client, file, projectId);
      await client.query("update audit_log set project_id = $1 where project_id is null and id in (select id from restore_audit_ids)", [projectId]);
      const restored = await client.query<{ client_id: number; name: string }>("select client_id, name from project where id = $1", [projectId]);
      if (restored.rows[0]?.client_id !== clientId) throw new AppError(422, "The restore point's file does not hold this project, so nothing was restored", "RESTORE_POINT_INVALID");
      const keys = await client.query<{ storage_key: string }>("select storage_key from document where project_id = $1 union select storage_key from template where project_id = $1", [projectId]);
      recordAudit({
        userId: user.id,
        clientId,
        projectId,
        action: "database.restore",
        entityType: "Project",
        entityId: projectId,
        before: { restorePointId: point.id, projectExisted: existed, savedRestorePointId: savedPointId },
        after: { rows, files: keys.rows.length, missingFiles },
      });
      return { projectId, projectName: restored.rows[0]!.name, rows, documents: keys.rows.length, missingFiles, savedPointId };
    });
    restoreLog.info(
      { event: "restore.done", restorePointId: point.id, projectId: result.projectId, rows: result.rows, files: result.documents, missingFiles: result.missingFiles, ms: Date.now() - started },
      "restore point restored",
    );
    return result;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The SQLSTATE and the schema names (constraint, table) only: a database error's message can quote the row's values.
    const { code, constraint, table } = error as { code?: unknown; constraint?: unknown; table?: unknown };
    restoreLog.error({ event: "restore.failed", restorePointId: point.id, code: code ?? null, constraint: constraint ?? null, table: table ?? null }, "restore failed");
    throw new AppError(500, RESTORE_FAILED);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
