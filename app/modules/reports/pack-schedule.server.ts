/**
 * The monthly report pack (docs/records.md#report-pack-schedule): the schedule saved in the project's
 * settings, and an hourly pg-boss sweep that, on each scheduled project's first business day of the
 * month, claims the previous month with a conditional UPDATE of the project's settings (so two sweeps
 * at once, or a retried job, send it once), makes the pack as documents and mails it to the addresses,
 * both files attached. A build that fails gives the claim back, so the next sweep tries again.
 */
import { sqlExecute, sqlRows, withPgTransaction } from "~db/sql.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { refId } from "~db/entities/refs";
import { projectClockSettings } from "~/modules/calendar/business-days";
import { projectToday } from "~/modules/calendar/today";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { MAX_MAIL_ATTACHMENT_BYTES, type OutgoingMail } from "~/modules/mail/message";
import { configuredBaseUrl } from "~/modules/users/base-url.server";
import { log } from "~/utils/log.server";
import { withRequestContext } from "~db/orm";
import { accessFor, makeReportPack, REPORT_PACK_PERMISSION, type StoredPack } from "./pack-job.server";
import { dueScheduledPack, failureReason, scheduleOf, type ReportPackSchedule, type ReportPackScheduleInput, type ScheduleFailure } from "./pack-schedule";
import { shortDate } from "./range";

export const REPORT_PACK_SCHEDULE_QUEUE = "report-pack-schedule";
/** Hourly (UTC): each project's first business day starts at its own midnight. */
export const REPORT_PACK_SCHEDULE_CRON = "20 * * * *";

const scheduleLog = log.child({ component: "report-pack-schedule" });

/** Saves the schedule (the form's and /api's schema); the saver's rights make the packs. Keeps the month last sent. */
export async function saveReportPackSchedule(access: ProjectAccess, input: ReportPackScheduleInput): Promise<ReportPackSchedule> {
  requirePermission(access, REPORT_PACK_PERMISSION);
  const before = scheduleOf(access.project.settings);
  // Saving again is how a schedule whose owner lost their rights is fixed: the failure goes with it.
  const schedule: ReportPackSchedule = { enabled: input.enabled && input.recipients.length > 0, recipients: input.recipients, setBy: access.user.id, sentFor: before.sentFor, lastFailure: null };
  await sqlExecute(`update project set settings = jsonb_set(settings, '{reportPackSchedule}', ?::jsonb), updated_at = now() where id = ?`, [JSON.stringify(schedule), access.project.id]);
  recordAudit({
    userId: access.user.id,
    action: "project.report_pack_schedule",
    entityType: "Project",
    entityId: access.project.id,
    clientId: refId(access.project.client),
    projectId: access.project.id,
    before: { enabled: before.enabled, recipients: before.recipients },
    after: { enabled: schedule.enabled, recipients: schedule.recipients },
  });
  return schedule;
}

// The claim: only while the schedule is on and the month is not yet claimed.
const CLAIM_SQL = `update project set settings = jsonb_set(settings, '{reportPackSchedule,sentFor}', to_jsonb($2::text))
                    where id = $1 and settings -> 'reportPackSchedule' ->> 'enabled' = 'true'
                      and (settings -> 'reportPackSchedule' ->> 'sentFor') is distinct from $2 returning id`;
const RELEASE_SQL = `update project set settings = jsonb_set(settings, '{reportPackSchedule,sentFor}', coalesce(to_jsonb($3::text), 'null'::jsonb))
                      where id = $1 and settings -> 'reportPackSchedule' ->> 'sentFor' = $2`;

const RECORD_FAILURE_SQL = `update project set settings = jsonb_set(settings, '{reportPackSchedule,lastFailure}', $2::jsonb) where id = $1`;
const CLEAR_FAILURE_SQL = `update project set settings = settings #- '{reportPackSchedule,lastFailure}' where id = $1`;

/** Makes and mails every scheduled pack due at `now`; returns how many were sent. */
export async function sendDueReportPacks(now: Date = new Date()): Promise<number> {
  const projects = await withRequestContext(() =>
    sqlRows<{ id: number; name: string; settings: unknown }>(`select id, name, settings from project where is_active and settings -> 'reportPackSchedule' ->> 'enabled' = 'true' order by id`),
  );
  let sent = 0;
  for (const project of projects) {
    const schedule = scheduleOf(project.settings);
    const clock = projectClockSettings(project.settings);
    const due = dueScheduledPack(schedule, projectToday(clock.timeZone, now), clock.jurisdiction);
    if (!due || !schedule.setBy) continue;
    const claimed = await withPgTransaction(async (client) => (await client.query(CLAIM_SQL, [project.id, due.month])).rowCount);
    if (!claimed) continue;
    try {
      await withRequestContext(async () => {
        const access = await accessFor(schedule.setBy!, project.id);
        const period = `${shortDate(due.range.from, true)} to ${shortDate(due.range.to, true)}`;
        // Queued in the documents' transaction: a message that cannot be queued leaves no pack behind
        // for the next sweep to make again.
        await makeReportPack(access, due.range, now, (em, pack) =>
          queueMail(
            { to: schedule.recipients, subject: `Report pack: ${project.name}, ${period}`, ...packMailBody(project, period, pack, configuredBaseUrl()) },
            { em, kind: "report-pack", dedupeKey: `report-pack:${project.id}:${due.month}` },
          ).then(() => undefined),
        );
      });
      if (schedule.lastFailure) await withPgTransaction((client) => client.query(CLEAR_FAILURE_SQL, [project.id]));
      sent += 1;
    } catch (error) {
      scheduleLog.error({ err: error, projectId: project.id, month: due.month }, "Scheduled report pack failed; the claim is given back");
      await withPgTransaction((client) => client.query(RELEASE_SQL, [project.id, due.month, schedule.sentFor]));
      // Kept for the reports page, so a failure is not only in the log.
      const failure: ScheduleFailure = { month: due.month, at: now.toISOString(), reason: failureReason(error instanceof Response ? error.status : (error as { status?: number }).status) };
      await withPgTransaction((client) => client.query(RECORD_FAILURE_SQL, [project.id, JSON.stringify(failure)]));
    }
  }
  if (sent) scheduleLog.info({ sent }, "Sent scheduled report packs");
  return sent;
}

/**
 * The message: the two files attached, so a recipient without an account (a client, a lender) can open
 * them, and links for project members. A pack too large to attach is sent as the links alone, saying so.
 */
export function packMailBody(project: { id: number; name: string }, period: string, pack: StoredPack, base: string): Pick<OutgoingMail, "text" | "attachments"> {
  const link = (id: number) => `${base}/api/documents/${id}/download?projectId=${project.id}`;
  const attachments = pack.files.map((file) => ({ fileName: file.fileName, contentType: file.contentType, content: file.bytes }));
  const attachable = attachments.reduce((total, file) => total + file.content.byteLength, 0) <= MAX_MAIL_ATTACHMENT_BYTES;
  const text = [
    `The monthly report pack of ${project.name} for ${period} is ready.`,
    "",
    attachable
      ? `The PDF and the Excel workbook are attached: ${pack.files.map((file) => file.fileName).join(", ")}.`
      : `The pack is too large to attach (over ${MAX_MAIL_ATTACHMENT_BYTES / 1024 / 1024} MB); project members can download it:`,
    "",
    `PDF: ${link(pack.pdfId)}`,
    `Excel workbook: ${link(pack.workbookId)}`,
    "",
    `Both are in the project's documents (sign-in needed): ${base}/documents?projectId=${project.id}&search=report+pack`,
  ].join("\n");
  return attachable ? { text, attachments } : { text };
}

/** The job's handler: one sweep at the time it runs. */
export async function runReportPackScheduleJob(): Promise<{ sent: number }> {
  return { sent: await sendDueReportPacks(new Date()) };
}
