/**
 * The few headers receiving needs, read from the raw message before the job parses it in full
 * (docs/inbound-mail.md#receiving): Message-ID, the addresses that may name the project, and the
 * topmost Authentication-Results.
 */
import crypto from "node:crypto";
import { parseAddressList } from "./message-text";

/** The header block, unfolded, as [lower-case name, value] in order. */
export function readHeaderBlock(raw: Buffer): [string, string][] {
  const text = raw.subarray(0, Math.min(raw.length, 256 * 1024)).toString("latin1");
  const end = text.search(/\r?\n\r?\n/);
  const block = (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const headers: [string, string][] = [];
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return headers;
}

export function headerValue(headers: [string, string][], name: string): string | null {
  return headers.find(([n]) => n === name)?.[1] ?? null;
}

/**
 * The message's Message-ID, or one made from a hash of its bytes when it has none, so the same
 * bytes received twice are still one message.
 */
export function messageIdOf(headers: [string, string][], raw: Buffer): string {
  const id = headerValue(headers, "message-id")?.match(/<[^<>\s]+>|[^<>\s]+/)?.[0];
  if (id) return id.slice(0, 998);
  return `<sha256-${crypto.createHash("sha256").update(raw).digest("hex")}@no-message-id>`;
}

/** Addresses a mailbox read over IMAP may have been delivered for (no SMTP envelope to go by). */
export function deliveryAddresses(headers: [string, string][]): string[] {
  const names = new Set(["delivered-to", "x-original-to", "envelope-to", "to", "cc"]);
  return headers.filter(([n]) => names.has(n)).flatMap(([, v]) => parseAddressList(v).map((a) => a.address));
}
