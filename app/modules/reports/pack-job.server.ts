/**
 * The report pack as project documents (docs/records.md#report-pack): the "Make report pack" button and
 * `POST /api/reports/pack` check the range and enqueue a job; the job builds the PDF and the workbook
 * off the request path and stores both in the object store with a document row each, in one
 * transaction (a failed run leaves no document and removes the objects it wrote).
 */
import { Readable } from "node:stream";
import type { EntityManager } from "@mikro-orm/postgresql";
import { User } from "~db/entities/User";
import { refId } from "~db/entities/refs";
import { db, withRequestContext } from "~db/orm";
import { toCurrentUser } from "~/modules/access/current-user.server";
import { requirePermission, resolveProjectAccess, type ProjectAccess } from "~/modules/access/project-access.server";
import { reserveStorage } from "~/modules/billing/storage-quota.server";
import { todayForProject } from "~/modules/calendar/today";
import { insertDocumentRow } from "~/modules/document/document.server";
import { newObjectKey } from "~/modules/document/upload.server";
import { jobs } from "~/modules/jobs/boss.server";
import { getObjectStore } from "~/modules/storage/index.server";
import { ApiValidationError } from "~/utils/api-payload";
import { log } from "~/utils/log.server";
import { reportFigures } from "./figures.server";
import { packLists } from "./pack-lists.server";
import { packFileName, reportPackPdf, reportPackWorkbook } from "./pack.server";
import { reportRange, type ReportRange, type ReportRangeInput } from "./range";
import { reportCharts } from "./report-charts.server";

export const REPORT_PACK_QUEUE = "report-pack";
/** The permission to make a pack: it adds documents to the project, as an upload does (docs/records.md#report-pack). */
export const REPORT_PACK_PERMISSION = "editData" as const;

export interface ReportPackJobData {
  projectId: number;
  userId: string;
  from: string;
  to: string;
}

const packLog = log.child({ component: "report-pack" });

/** Checks the range (the page's and /api's one schema) and queues the pack's job; 400 for a range that is not one. */
export async function requestReportPack(access: ProjectAccess, input: ReportRangeInput): Promise<{ range: ReportRange; jobId: string | null }> {
  requirePermission(access, REPORT_PACK_PERMISSION);
  const range = reportRange(input, todayForProject(access.project));
  if ("errors" in range) throw new ApiValidationError(range.errors);
  const data: ReportPackJobData = { projectId: access.project.id, userId: access.user.id, ...range };
  const jobId = await jobs().send(REPORT_PACK_QUEUE, data);
  return { range, jobId };
}

export interface StoredPack {
  pdfId: number;
  workbookId: number;
  /** The two files as stored (PDF first), for a caller that sends them on. */
  files: PackFile[];
}

export interface PackFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

const MIME = { pdf: "application/pdf", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" } as const;

/**
 * Builds the pack for `range` and stores its two files as the project's documents (category "other", tag
 * "report pack"). `onStored` runs inside the documents' transaction (the schedule queues its message
 * there), so the documents exist only if it succeeds too.
 */
export async function makeReportPack(access: ProjectAccess, range: ReportRange, now = new Date(), onStored?: (em: EntityManager, pack: StoredPack) => Promise<void>): Promise<StoredPack> {
  requirePermission(access, REPORT_PACK_PERMISSION);
  const figures = await reportFigures(access, range, now);
  const charts = reportCharts(figures);
  const lists = await packLists(access.project.id, figures.today);
  const files = [
    { ext: "pdf" as const, bytes: await reportPackPdf(access.project.name, figures, charts, lists) },
    { ext: "xlsx" as const, bytes: await reportPackWorkbook(access.project.name, figures, charts, lists) },
  ].map((file) => ({ ...file, fileName: packFileName(figures, file.ext), contentType: MIME[file.ext] }));
  const clientId = refId(access.project.client);
  const stored: string[] = [];
  try {
    return await db().transactional(async (em) => {
      const ids: number[] = [];
      for (const file of files) {
        await reserveStorage(clientId, file.bytes.byteLength);
        const key = newObjectKey(access.project.id, "documents");
        await getObjectStore().put(key, Readable.from([file.bytes]), { contentType: MIME[file.ext], maxBytes: file.bytes.byteLength });
        stored.push(key);
        ids.push(
          await insertDocumentRow(
            em,
            access,
            {
              originalFileName: file.fileName,
              mimeType: file.contentType,
              fileSize: file.bytes.byteLength,
              storageKey: key,
              description: `Report pack for ${range.from} to ${range.to}`,
              category: "other",
              tags: ["report pack"],
            },
            { reportPack: range },
          ),
        );
      }
      const pack = { pdfId: ids[0]!, workbookId: ids[1]!, files: files.map(({ fileName, contentType, bytes }) => ({ fileName, contentType, bytes })) };
      await onStored?.(em, pack);
      return pack;
    });
  } catch (error) {
    for (const key of stored)
      await getObjectStore()
        .delete(key)
        .catch(() => undefined);
    throw error;
  }
}

/** The access of `userId` to the project, checked again when the job runs (a member removed since is refused). */
export async function accessFor(userId: string, projectId: number): Promise<ProjectAccess> {
  const user = await db().findOneOrFail(User, { id: userId, deletedAt: null, isActive: true } as never);
  return resolveProjectAccess(toCurrentUser(user), projectId, REPORT_PACK_PERMISSION);
}

/** The job's handler; what it returns is kept as the job's output, so the ids only, not the files. */
export function runReportPackJob(data: ReportPackJobData): Promise<Pick<StoredPack, "pdfId" | "workbookId">> {
  return withRequestContext(async () => {
    const access = await accessFor(data.userId, data.projectId);
    const pack = await makeReportPack(access, { from: data.from, to: data.to });
    const ids = { pdfId: pack.pdfId, workbookId: pack.workbookId };
    packLog.info({ projectId: data.projectId, ...ids }, "Report pack stored");
    return ids;
  });
}
