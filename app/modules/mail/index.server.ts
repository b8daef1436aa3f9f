/**
 * Outgoing mail (docs/architecture.md#mail): queue a message inside the save that wants it; a pg-boss job sends it
 * through SMTP_URL, or writes it to DATA_DIR/outbox when no server is configured.
 */
export { queueMail, type QueueMailOptions, type QueuedMail } from "./queue-mail.server";
export { InvalidMailError, type OutgoingMail } from "./message";
export { formSummaryMessage, type SummaryField, type SummaryMessage, type SummaryValue } from "./form-summary";
export { getClosureNotifyEmails, getMailConfig, getStartupNotifyEmails, type MailConfig } from "./mail-config.server";
export { MAIL_QUEUE } from "./mail-job.server";
