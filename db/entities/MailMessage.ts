import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { createdAtOnly, optionalText } from "./columns";

/** queued (waiting, or waiting for a retry) → sent; or failed (refused for good, or out of retries). */
export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * One outgoing e-mail (app/modules/mail/): written in the caller's transaction together with the
 * pg-boss job that sends it, so a message exists only if the save that wanted it committed. The job
 * locks the row while it sends and marks it sent, so a retry or a second delivery never sends it
 * again. Written and read with SQL; the entity makes the migration own the table.
 */
export const MailMessage = defineEntity({
  name: "MailMessage",
  tableName: "mail_message",
  properties: {
    id: p.integer().primary().autoincrement(),
    /** What the message is for (e.g. "startup-notification", "invitation"), for whoever reads the table. */
    kind: optionalText(),
    /** A caller's key for "this message once" (e.g. one closure notification per project); unique. */
    dedupeKey: optionalText().unique(),
    /** The sender when the caller chose one; otherwise MAIL_FROM at the time of sending. */
    fromAddress: optionalText(),
    toAddresses: p.json<string[]>(),
    replyTo: optionalText(),
    subject: p.text(),
    textBody: p.text(),
    htmlBody: optionalText(),
    /** The left part of the Message-ID header: the same on every attempt, so a receiver can tell a repeat. */
    messageUuid: p.uuid(),
    status: p.enum([...MAIL_STATUSES]).default("queued"),
    /** Delivery attempts made (a retry after a refusal counts). */
    attempts: p.integer().default(0),
    /** The last refusal or failure, kept while the message waits for its retry. */
    lastError: optionalText(),
    /** When the last attempt ended (delivered or not). */
    lastAttemptAt: p.datetime().nullable(),
    /** When the next attempt is due, while the message waits for a retry; null once sent or given up. */
    nextAttemptAt: p.datetime().nullable(),
    /**
     * The pg-boss job that owns the next attempt. A job that finds another id here was overtaken
     * ("Retry now" sent a new one) and stops, so a message never has two retry schedules.
     */
    jobId: p.uuid().nullable(),
    /** The SMTP server's answer, or the .eml file written to the outbox. */
    delivery: optionalText(),
    createdAt: createdAtOnly(),
    sentAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ["status", "createdAt"] }],
});

export type IMailMessage = InferEntity<typeof MailMessage>;
