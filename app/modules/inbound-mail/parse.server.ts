/**
 * An inbound message read with mailparser (docs/inbound-mail.md#recording): the sender, the
 * conversation it records (the original one when it was forwarded), its trimmed text and its
 * attachments. HTML is never kept: mailparser's plain text (its own conversion when the message has
 * only HTML) is what the records get.
 */
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from "mailparser";
import { canonicalEmail } from "~/modules/duplicates/canonical-contact";
import { looksForwarded, trimReply, unwrapForwardedText, type MailAddress } from "./message-text";

export interface InboundAttachment {
  fileName: string | null;
  content: Buffer;
}

export interface ParsedInbound {
  /** Who sent the message to the project (the forwarder, for a forward). */
  sender: MailAddress | null;
  forwarded: boolean;
  /** The conversation recorded: the original's From, To, Cc (and Bcc/Reply-To of a message sent directly). */
  from: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  others: MailAddress[];
  subject: string | null;
  sentAt: Date | null;
  text: string;
  attachments: InboundAttachment[];
}

const PARSE_OPTIONS = { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true } as const;

function addresses(field: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  const out: MailAddress[] = [];
  const walk = (items: { name?: string; address?: string; group?: unknown[] }[]) => {
    for (const item of items) {
      if (item.group) walk(item.group as never);
      const address = canonicalEmail(item.address);
      if (address) out.push({ name: item.name?.trim() || null, address });
    }
  };
  for (const object of list) walk(object.value);
  return out;
}

/** Files the message carries; images embedded in the HTML (signature logos) are not attachments. */
function fileAttachments(mail: ParsedMail): InboundAttachment[] {
  return mail.attachments.filter((a) => !a.related && a.contentType !== "message/rfc822").map((a: Attachment) => ({ fileName: a.filename ?? null, content: a.content }));
}

export async function parseInbound(raw: Buffer): Promise<ParsedInbound> {
  const mail = await simpleParser(raw, PARSE_OPTIONS);
  const sender = addresses(mail.from)[0] ?? null;
  // A forward as an attached message (Outlook's "Forward as attachment"): the attached one is the conversation.
  const attached = mail.attachments.find((a) => a.contentType === "message/rfc822");
  if (attached) {
    const inner = await simpleParser(attached.content, PARSE_OPTIONS);
    return {
      sender,
      forwarded: true,
      from: addresses(inner.from)[0] ?? null,
      to: addresses(inner.to),
      cc: addresses(inner.cc),
      others: addresses(inner.replyTo),
      subject: inner.subject ?? null,
      sentAt: inner.date ?? null,
      text: trimReply(inner.text ?? ""),
      attachments: [...fileAttachments(inner), ...fileAttachments(mail)],
    };
  }
  const text = mail.text ?? "";
  const original = unwrapForwardedText(text);
  // An inline forward says so in its subject ("Fwd:", "FW:"); a reply that quotes one lower down is a reply.
  if (original && looksForwarded(mail.subject)) {
    return {
      sender,
      forwarded: true,
      from: original.from,
      to: original.to,
      cc: original.cc,
      others: [],
      subject: original.subject ?? mail.subject ?? null,
      sentAt: original.sentAt ?? mail.date ?? null,
      text: trimReply(original.body),
      attachments: fileAttachments(mail),
    };
  }
  return {
    sender,
    forwarded: false,
    from: sender,
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    others: [...addresses(mail.bcc), ...addresses(mail.replyTo)],
    subject: mail.subject ?? null,
    sentAt: mail.date ?? null,
    text: trimReply(text),
    attachments: fileAttachments(mail),
  };
}

/** Every address of the conversation, each once. */
export function conversationAddresses(parsed: ParsedInbound): string[] {
  return [...new Set([parsed.from, ...parsed.to, ...parsed.cc, ...parsed.others].filter((a): a is MailAddress => a !== null).map((a) => a.address))];
}
