import { defineEntity, p, type InferEntity } from "@mikro-orm/core";

/**
 * A file sent with a mail_message (docs/operations.md#mail-attachments): written with the message in
 * the caller's transaction, so the job that sends it later (and every retry) has the same bytes even
 * if the document they came from is deleted meanwhile. Once the message is sent the bytes are dropped
 * and the name and size stay, as a record of what went out. Written and read with SQL; the entity
 * makes the migration own the table.
 */
export const MailAttachment = defineEntity({
  name: "MailAttachment",
  tableName: "mail_attachment",
  properties: {
    id: p.integer().primary().autoincrement(),
    mailId: p.integer(),
    /** The order the caller gave, which is the order in the message. */
    position: p.integer(),
    fileName: p.text(),
    contentType: p.text(),
    sizeBytes: p.integer(),
    /** Null once the message has been sent. */
    content: p.blob().nullable(),
  },
  indexes: [{ properties: ["mailId", "position"] }],
});

export type IMailAttachment = InferEntity<typeof MailAttachment>;
