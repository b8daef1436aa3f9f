/**
 * What the Mail inbox screens show of a message (docs/inbound-mail.md#review), as plain rows the
 * components only display, and the labels of its states. Pure, so components may import it.
 */
export const INBOX_STATUSES = ["review", "recorded", "rejected"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = { review: "In review", recorded: "Recorded", rejected: "Rejected" };

export interface InboxAttachment {
  fileName: string;
  /** Why the upload rules refused it; null when it was (or will be) kept. */
  refused: string | null;
}

export interface InboxRow {
  id: number;
  status: string;
  from: string;
  fromAddress: string | null;
  subject: string | null;
  /** ISO instant the message says it was sent (else when it arrived). */
  sentAt: string | null;
  reason: string | null;
  spf: string | null;
  dkim: string | null;
  /** Null when the message is too large to open for a list (its own page lists them). */
  attachments: InboxAttachment[] | null;
}

export interface InboxMessage extends InboxRow {
  fromName: string | null;
  to: string[];
  forwarded: boolean;
  /** Plain text only: HTML from a message is never shown (docs/inbound-mail.md#review). */
  text: string | null;
  recorded: { label: string; count: number }[];
}

/** "Sam Officer <sam@example.org>", or whichever half is known. */
export function senderLabel(name: string | null | undefined, address: string | null | undefined): string {
  const n = (name ?? "").trim();
  const a = (address ?? "").trim();
  if (n && a) return `${n} <${a}>`;
  return n || a || "Unknown sender";
}

/** A check's result as the receiving server wrote it (pass, fail, softfail, none, …); "Not checked" when absent. */
export const checkLabel = (result: string | null | undefined) => (result ? result.toLowerCase() : "Not checked");

/** Whether a check's result keeps the message in review (docs/inbound-mail.md#review). */
export const checkFailed = (result: string | null | undefined) => ["fail", "softfail", "permerror", "temperror"].includes((result ?? "").toLowerCase());
