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
  return mail.attachments.filter((a) => !a.related).map((a: Attachment) => ({ fileName: a.filename ?? null, content: a.content }));
}

export async function parseInbound(raw: Buffer): Promise<ParsedInbound> {
  const mail = await simpleParser(raw, PARSE_OPTIONS);
  const sender = addresses(mail.from)[0] ?? null;
  const text = mail.text ?? "";
  // A forward says so in its subject ("Fwd:", "FW:"); a reply that quotes one lower down is a reply.
  // mailparser writes a message attached to a forward (message/rfc822) into the text as a bare
  // header block, and its files into the attachments.
  const original = looksForwarded(mail.subject) ? unwrapForwardedText(text, { bare: true }) : null;
  if (original) {
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
