/**
 * Every job queue of the app, its pg-boss options and its handler. The server and `npm run worker`
 * hand this list to startJobs (modules/jobs/boss.server.ts), which creates the queues and registers
 * the workers: the list sits above the features whose handlers it names, and they enqueue through
 * modules/jobs. A handler that throws fails the job; pg-boss then retries it up to the
 * queue's retryLimit, so handlers must be idempotent.
 */
import { IMPORT_QUEUE, IMPORT_RETRY_LIMIT, runImportJob, type ImportJobData } from "~/modules/import/import-job.server";
import { recoverStaleImports } from "~/modules/import/import-recovery.server";
import { MAIL_QUEUE, MAIL_RETRY_LIMIT, runMailJob, type MailJobData } from "~/modules/mail/mail-job.server";
import { checkMailConfig } from "~/modules/mail/mail-config.server";
import type { JobQueue } from "~/modules/jobs/queue";
import { INBOUND_QUEUE, receiveInboundMessage, type InboundJobData } from "~/modules/inbound-mail/receive.server";
import { processInboundMessage } from "~/modules/inbound-mail/process.server";
import { REPORT_PACK_QUEUE, runReportPackJob, type ReportPackJobData } from "~/modules/reports/pack-job.server";
import { REPORT_PACK_SCHEDULE_CRON, REPORT_PACK_SCHEDULE_QUEUE, runReportPackScheduleJob } from "~/modules/reports/pack-schedule.server";
import { GRIEVANCE_REMINDER_CRON, GRIEVANCE_REMINDER_QUEUE, runGrievanceReminderJob } from "~/modules/grievances/grievance-reminders.server";
import { checkImapConfig, IMAP_CRON, IMAP_QUEUE, runImapJob } from "~/modules/inbound-mail/imap-reader.server";
import { getImapConfig } from "~/modules/inbound-mail/imap-config";
import { getEnv } from "~/utils/env.server";

const importQueue: JobQueue<ImportJobData> = {
  name: IMPORT_QUEUE,
  options: {
    // stately with the project as singletonKey: at most one import of a project runs (and one waits)
    // at a time, whichever app server or worker picks it up. pg-boss 10 fetches in creation order, so
    // while a project's second import waits behind its first, later imports of other projects wait too.
    policy: "stately",
    // A failed import (a lost connection, a stopped server) is tried once more; it applies once.
    retryLimit: IMPORT_RETRY_LIMIT,
    retryDelay: 30,
    // 250,000 rows take about a minute. A worker that died is noticed within seconds by recover (below),
    // not at this expiry (docs/operations.md#several-instances).
    expireInSeconds: 60 * 60,
  },
  workers: 1,
  handle: runImportJob,
  recover: recoverStaleImports,
};

const mailQueue: JobQueue<MailJobData> = {
  name: MAIL_QUEUE,
  options: {
    // A refused delivery schedules its own retry (docs/operations.md#mail-delivery); pg-boss retries
    // only a run that crashed or expired, after a minute.
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelay: 60,
    retryBackoff: false,
    // An attempt ends within about two minutes (the SMTP time limits); longer means the worker died.
    expireInSeconds: 5 * 60,
  },
  workers: 2,
  handle: (data, attempt) => runMailJob(data, { id: attempt.id }),
  prepare: checkMailConfig,
};

const grievanceReminderQueue: JobQueue = {
  name: GRIEVANCE_REMINDER_QUEUE,
  options: {
    // One sweep at a time: a second tick while one runs waits (it would find nothing new anyway, as
    // each reminder is claimed in its own row; docs/records.md#grievance-reminders).
    policy: "singleton",
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 15 * 60,
  },
  workers: 1,
  cron: GRIEVANCE_REMINDER_CRON,
  handle: () => runGrievanceReminderJob(),
};

const imapQueue: JobQueue = {
  name: IMAP_QUEUE,
  options: {
    // One pass at a time: a tick while one runs waits. A message is marked \Seen only after the pipeline
    // took it, and the pipeline records a Message-ID once, so a retried or doubled pass is harmless
    // (docs/inbound-mail.md#imap).
    policy: "singleton",
    retryLimit: 1,
    retryDelay: 60,
    expireInSeconds: 10 * 60,
  },
  workers: 1,
  // Scheduled only where a mailbox is configured (IMAP_HOST); without one the embedded SMTP listener takes mail.
  get cron() {
    return getImapConfig() ? IMAP_CRON : undefined;
  },
  handle: () => runImapJob(receiveInboundMessage, getEnv().INBOUND_MAX_MESSAGE_BYTES),
  prepare: checkImapConfig,
};

const inboundQueue: JobQueue<InboundJobData> = {
  name: INBOUND_QUEUE,
  options: {
    // The job works only on a row still "received" and writes its outcome with the records, so a retry
    // after a crash starts again cleanly (docs/inbound-mail.md#the-job).
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
  },
  workers: 1,
  handle: (data) => processInboundMessage(data),
};

const reportPackQueue: JobQueue<ReportPackJobData> = {
  name: REPORT_PACK_QUEUE,
  options: {
    // A crashed build is tried again; its documents are written in one transaction at the end, so a
    // failed run leaves none (docs/records.md#report-pack).
    retryLimit: 2,
    retryDelay: 30,
    // A pack of a two-year range builds in seconds; ten minutes means the worker died.
    expireInSeconds: 10 * 60,
  },
  workers: 1,
  handle: (data) => runReportPackJob(data),
};

const reportPackScheduleQueue: JobQueue = {
  name: REPORT_PACK_SCHEDULE_QUEUE,
  options: {
    // One sweep at a time; each project's month is claimed in its own row (docs/records.md#report-pack-schedule).
    policy: "singleton",
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 30 * 60,
  },
  workers: 1,
  cron: REPORT_PACK_SCHEDULE_CRON,
  handle: () => runReportPackScheduleJob(),
};

export const JOB_QUEUES: readonly JobQueue[] = [
  importQueue as JobQueue,
  mailQueue as JobQueue,
  grievanceReminderQueue,
  inboundQueue as JobQueue,
  imapQueue,
  reportPackQueue as JobQueue,
  reportPackScheduleQueue,
];
