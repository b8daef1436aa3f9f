/**
 * Pure rules of outgoing mail: what a message must have before it is queued, how its Message-ID and
 * outbox file are named, and which refusals are worth retrying.
 */
import { z } from "zod";

/** A message as a caller hands it to queueMail. */
export interface OutgoingMail {
  to: string | readonly string[];
  subject: string;
  /** The plain-text body; every message has one. */
  text: string;
  html?: string;
  /** Defaults to MAIL_FROM when the message is sent. */
  from?: string;
  replyTo?: string;
  /** Files sent with the message, in this order (docs/operations.md#mail-attachments). */
  attachments?: readonly MailAttachmentInput[];
}

export interface MailAttachmentInput {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

/**
 * The most a message may carry in attachments, all together: common mail servers refuse messages over
 * 10–25 MB, and base64 makes a file a third larger on the wire.
 */
export const MAX_MAIL_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** A checked message, as stored in mail_message. */
export interface CheckedMail {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  from: string | null;
  replyTo: string | null;
  attachments: MailAttachmentInput[];
}

const emailSchema = z.string().email();

export function isEmailAddress(value: string): boolean {
  return emailSchema.safeParse(value).success;
}

/** Trimmed, blanks left out, and each address once (the first spelling, compared case-insensitively). */
export function uniqueAddresses(list: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of list) {
    const address = raw.trim();
    if (address && !seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  }
  return [...seen.values()];
}

/** A message a caller built wrongly: a programming error, or an address the form should have checked. */
export class InvalidMailError extends Error {}

/**
 * Checks and normalises a message: at least one recipient, each a plain e-mail address (duplicates
 * dropped, case-insensitively), a subject on one line, a plain-text body.
 */
export function checkOutgoingMail(mail: OutgoingMail): CheckedMail {
  const to = uniqueAddresses(typeof mail.to === "string" ? [mail.to] : mail.to);
  const invalid = to.find((address) => !isEmailAddress(address));
  if (invalid !== undefined) throw new InvalidMailError(`Not an e-mail address: '${invalid}'`);
  if (to.length === 0) throw new InvalidMailError("A message needs at least one recipient");
  // Header injection is nodemailer's to prevent; a line break in a subject is still a caller's mistake.
  const subject = mail.subject.replace(/[\r\n]+/g, " ").trim();
  if (!subject) throw new InvalidMailError("A message needs a subject");
  if (!mail.text.trim()) throw new InvalidMailError("A message needs a plain-text body");
  const replyTo = mail.replyTo?.trim() || null;
  if (replyTo && !isEmailAddress(replyTo)) throw new InvalidMailError(`Not an e-mail address: '${replyTo}'`);
  const attachments = checkAttachments(mail.attachments ?? []);
  return { to, subject, text: mail.text, html: mail.html?.trim() ? mail.html : null, from: mail.from?.trim() || null, replyTo, attachments };
}

/**
 * Each attachment named (no folder, no line break: the name goes into a MIME header and a
 * recipient's file system), typed, and all of them together within MAX_MAIL_ATTACHMENT_BYTES.
 */
export function checkAttachments(list: readonly MailAttachmentInput[], maxBytes = MAX_MAIL_ATTACHMENT_BYTES): MailAttachmentInput[] {
  let total = 0;
  return list.map((attachment) => {
    const fileName = attachment.fileName.replace(/[\r\n]+/g, " ").trim();
    if (!fileName || /[\\/]/.test(fileName)) throw new InvalidMailError(`Not a file name for an attachment: '${attachment.fileName}'`);
    if (!/^[\w.+-]+\/[\w.+-]+$/.test(attachment.contentType)) throw new InvalidMailError(`Not a content type: '${attachment.contentType}'`);
    total += attachment.content.byteLength;
    if (total > maxBytes) throw new InvalidMailError(`Attachments over ${Math.round(maxBytes / 1024 / 1024)} MB in one message`);
    return { fileName, contentType: attachment.contentType, content: attachment.content };
  });
}

/** The Message-ID of a stored message: the same on every attempt, on the sender's domain. */
export function messageIdFor(uuid: string, fromAddress: string): string {
  const domain = /@([^@\s>]+)>?\s*$/.exec(fromAddress)?.[1] ?? "localhost";
  return `<${uuid}@${domain.toLowerCase()}>`;
}

/**
 * The outbox file of a message: sorts by the time it was queued, and is the same on a retry, so a
 * message written twice (a crash before it was marked sent) replaces its own file.
 */
export function outboxFileName(createdAt: Date, id: number): string {
  const stamp = createdAt
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
  return `${stamp}-mail-${id}.eml`;
}

/**
 * A refusal that a retry cannot change: the server answered 5xx (no such mailbox, message rejected).
 * A failed login (535) is a configuration problem an administrator fixes, so it is retried; so is
 * every 4xx answer, a timeout and a connection that could not be made.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === "number" && responseCode >= 500 && responseCode < 600 && code !== "EAUTH";
}

/** One line for mail_message.last_error: the server's answer when there was one. */
export function describeMailError(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: unknown; message?: unknown };
  const text = typeof response === "string" && response ? response : typeof message === "string" ? message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 1000);
}
