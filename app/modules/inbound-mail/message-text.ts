/**
 * The text rules of an inbound message (docs/inbound-mail.md#recording): quoted replies and signatures
 * trimmed, a forward unwrapped to the conversation it carries, and the addresses of a header line.
 * Pure: the job parses the MIME with mailparser and hands the text here.
 */
import EmailReplyParser from "email-reply-parser";
import { ENGAGEMENT_LIMITS } from "../engagement/limits";

export interface MailAddress {
  name: string | null;
  address: string;
}

/** The conversation a forward carries, read from the header block the mail client wrote above it. */
export interface ForwardedOriginal {
  from: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  subject: string | null;
  /** As the forwarding client wrote it; null when it could not be read as a date. */
  sentAt: Date | null;
  body: string;
}

/** The lines mail clients put above a forwarded message (Gmail, Outlook, Apple Mail, Thunderbird). */
const FORWARD_MARKERS = [
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/im,
  /^-{2,}\s*Forwarded Message\s*-{2,}\s*$/im,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/im,
  /^Begin forwarded message:\s*$/im,
  /^_{10,}\s*$/m,
];

const FORWARD_SUBJECT = /^\s*(fwd?|fw)\s*:/i;
const REPLY_PREFIX = /^\s*((re|fwd?|fw|aw|wg|tr)\s*:\s*)+/i;

const EMAIL = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** Every address in a header value: "Jo Smith <jo@farm.example>, kim@x.example; Lee [mailto:lee@y.example]". */
export function parseAddressList(value: string | null | undefined): MailAddress[] {
  if (!value) return [];
  const found: MailAddress[] = [];
  for (const part of value.split(/[,;](?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    const match = part.match(EMAIL);
    if (!match) continue;
    const address = match[0].toLowerCase();
    const name =
      part
        .replace(/<[^>]*>|\[mailto:[^\]]*\]|\([^)]*\)/gi, "")
        .replace(address, "")
        .replace(/["']/g, "")
        .trim() || null;
    found.push({ name: name && !name.includes("@") ? name : null, address });
  }
  return found;
}

/** A forwarding client's date line ("Tue, 3 Mar 2026 at 10:00", "Tuesday, 3 March 2026 10:00 AM"). */
export function parseLooseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const text = value
    .replace(/\s+at\s+/i, " ")
    .replace(/\s+/g, " ")
    .trim();
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}

/** Whether the subject says the message was forwarded ("Fwd:", "FW:"). */
export function looksForwarded(subject: string | null | undefined): boolean {
  return FORWARD_SUBJECT.test(subject ?? "");
}

/** The subject without "Re:", "Fwd:" … prefixes. */
export function baseSubject(subject: string | null | undefined): string {
  return (subject ?? "").replace(REPLY_PREFIX, "").trim();
}

/**
 * The conversation inside a forwarded message's text: the header block after the client's marker
 * (From, To, Cc, Subject, Date or Sent) and the body below it. Null when the text holds no forward.
 * The forwarder's own note above the marker is left out: the record is the original conversation.
 */
export function unwrapForwardedText(text: string): ForwardedOriginal | null {
  let start = -1;
  let markerLength = 0;
  for (const marker of FORWARD_MARKERS) {
    const match = marker.exec(text);
    if (match && (start < 0 || match.index < start)) {
      start = match.index;
      markerLength = match[0].length;
    }
  }
  if (start < 0) return null;
  const lines = text
    .slice(start + markerLength)
    .replace(/^\s*\n/, "")
    .split(/\r?\n/);
  const headers = new Map<string, string>();
  let i = 0;
  let last: string | null = null;
  for (; i < lines.length; i++) {
    const line = lines[i]!.replace(/^>\s?/, "").replace(/\*/g, "");
    if (!line.trim()) {
      if (headers.size) break;
      continue;
    }
    const header = /^([A-Za-z-]+):\s*(.*)$/.exec(line);
    if (header && /^(from|to|cc|subject|date|sent|reply-to)$/i.test(header[1]!)) {
      last = header[1]!.toLowerCase();
      headers.set(last, header[2]!.trim());
    } else if (last && /^\s/.test(lines[i]!)) {
      headers.set(last, `${headers.get(last)} ${line.trim()}`);
    } else break;
  }
  if (!headers.has("from")) return null;
  const body = lines
    .slice(i)
    .map((line) => line.replace(/^>\s?/, ""))
    .join("\n")
    .trim();
  return {
    from: parseAddressList(headers.get("from"))[0] ?? null,
    to: parseAddressList(headers.get("to")),
    cc: parseAddressList(headers.get("cc")),
    subject: headers.get("subject") ?? null,
    sentAt: parseLooseDate(headers.get("date") ?? headers.get("sent")),
    body,
  };
}

/** The new text of a message: quoted replies ("On … wrote:", "> …") and the signature removed. */
export function trimReply(text: string): string {
  const normalised = text.replace(/\r\n?/g, "\n");
  const visible = new EmailReplyParser().read(normalised).getVisibleText().trim();
  // A message that is only a quote (a bare forward of a reply) keeps its text rather than becoming empty.
  return visible || normalised.trim();
}

/** The engagement's notes: the trimmed text, cut to the notes limit with a marker when longer. */
export function notesText(text: string, prefix = ""): string {
  const limit = ENGAGEMENT_LIMITS.notes;
  const full = `${prefix}${text}`.trim();
  return full.length <= limit ? full : `${full.slice(0, limit - 2).trimEnd()} …`;
}

/** The engagement's subject: the message's, cut to the subject limit; "(no subject)" when blank. */
export function subjectText(subject: string | null | undefined): string {
  const text = (subject ?? "").replace(/\s+/g, " ").trim() || "(no subject)";
  const limit = ENGAGEMENT_LIMITS.subject;
  return text.length <= limit ? text : `${text.slice(0, limit - 2).trimEnd()} …`;
}
