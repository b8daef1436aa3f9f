import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Project } from "./Project";
import { User } from "./User";
import { jsonObject, optionalText, stringList, timestamps } from "./columns";
import { INBOUND_MESSAGE_STATUSES, INBOUND_TAGS, INBOUND_VIAS } from "./enums";

/** What a message became (docs/inbound-mail.md#recording): ids of the rows it created. */
export interface InboundRecorded {
  engagements?: number[];
  grievances?: number[];
  commitments?: number[];
  documents?: number[];
  stakeholders?: number[];
}

/** An attachment the upload rules refused, and why (docs/inbound-mail.md#attachments). */
export interface InboundRefusedAttachment {
  fileName: string;
  reason: string;
}

/**
 * A message sent to a project's inbound address (docs/inbound-mail.md#messages). The raw message is
 * kept in the object store under `rawKey` until it is recorded or rejected; `messageId` (the
 * Message-ID header, or a hash of the raw bytes when it has none) is unique in the project, so the same
 * message received twice is one row. A rejected message keeps only this row, without its content.
 */
export const InboundMessage = defineEntity({
  name: "InboundMessage",
  properties: {
    id: p.integer().primary().autoincrement(),
    project: p.manyToOne(Project).deleteRule("cascade"),
    messageId: p.text(),
    status: p.enum([...INBOUND_MESSAGE_STATUSES]).default("received"),
    via: p.enum([...INBOUND_VIAS]),
    /** The tag of the address it was sent to (`+grievance`, …); null for the plain address. */
    tag: p.enum([...INBOUND_TAGS]).nullable(),
    envelopeFrom: optionalText(),
    envelopeTo: stringList(),
    /** The From header (of the original message when it was forwarded). */
    fromAddress: optionalText(),
    fromName: optionalText(),
    /** Every address of the conversation (From, To, Cc, Bcc, Reply-To), lower-cased. */
    recipients: stringList(),
    subject: optionalText(),
    sentAt: p.datetime().nullable(),
    /** Plain text only, quoted replies and signatures trimmed; HTML is never kept. */
    textBody: optionalText(),
    /** Whether the message was forwarded to the project address (the fields above are the original's). */
    forwarded: p.boolean().default(false),
    rawKey: optionalText(),
    rawSize: p.integer().default(0),
    /** SPF and DKIM results of the receiving server's Authentication-Results header (pass, fail, none, …). */
    spf: optionalText(),
    dkim: optionalText(),
    /** Why it waits in review (or was rejected), a code of docs/inbound-mail.md#review. */
    reviewReason: optionalText(),
    recorded: jsonObject<InboundRecorded>(),
    refusedAttachments: p
      .json<InboundRefusedAttachment[]>()
      .onCreate(() => [])
      .defaultRaw(`'[]'`),
    /**
     * Every attachment with the upload rules' verdict (reason null when it would be kept), written when
     * the message is read, so the inbox lists them without opening the kept message again; null until
     * then, or when the message could not be read.
     */
    attachments: p.json<{ fileName: string; refused: string | null }[]>().nullable(),
    /** The member who sent or forwarded it; null when the sender is not a user (then `fromName`/`fromAddress` say who). */
    senderUser: p.manyToOne(User).nullable().index().deleteRule("set null"),
    reviewedBy: p.manyToOne(User).nullable().index().deleteRule("set null"),
    reviewedAt: p.datetime().nullable(),
    processedAt: p.datetime().nullable(),
    ...timestamps(),
  },
  uniques: [{ properties: ["project", "messageId"] }],
  indexes: [{ properties: ["project", "status", "createdAt"] }],
});

export type IInboundMessage = InferEntity<typeof InboundMessage>;
