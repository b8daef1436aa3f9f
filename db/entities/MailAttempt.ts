import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { optionalText } from "./columns";

/**
 * One delivery attempt of a mail_message (app/modules/mail/mail-job.server.ts writes it in the same
 * transaction as the message's new status): the admin screen counts the failures of the last 24
 * hours from these rows (docs/operations.md#mail-delivery). `error` is null for the attempt that
 * delivered the message. Written and read with SQL; the entity makes the migration own the table.
 */
export const MailAttempt = defineEntity({
  name: "MailAttempt",
  tableName: "mail_attempt",
  properties: {
    id: p.integer().primary().autoincrement(),
    mailId: p.integer(),
    attemptedAt: p.datetime().defaultRaw("now()"),
    error: optionalText(),
  },
  indexes: [{ properties: ["attemptedAt"] }, { properties: ["mailId"] }],
});

export type IMailAttempt = InferEntity<typeof MailAttempt>;
