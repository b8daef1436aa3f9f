/**
 * The project's inbound address and the sender rules that need no database
 * (docs/inbound-mail.md#the-project-address, docs/inbound-mail.md#allow-and-block-lists).
 */
import { INBOUND_TAGS, type InboundTag } from "../../../db/entities/enums";

export const DEFAULT_INBOUND_DOMAIN = "inbound.localhost";

/** Lower-case letters and digits without look-alikes (no 0/o, 1/l/i): safe in a URL and a mail local part. */
const KEY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const INBOUND_KEY_LENGTH = 10;

/** A new random key from `random` (crypto bytes), e.g. "k7qmz3xw2p". */
export function inboundKeyFrom(random: Uint8Array): string {
  let key = "";
  for (let i = 0; i < INBOUND_KEY_LENGTH; i++) key += KEY_ALPHABET[random[i]! % KEY_ALPHABET.length];
  return key;
}

export function isInboundTag(value: string): value is InboundTag {
  return (INBOUND_TAGS as readonly string[]).includes(value);
}

/** `key[+tag]@domain`. */
export function inboundAddress(key: string, domain: string, tag?: InboundTag | null): string {
  return `${key}${tag ? `+${tag}` : ""}@${domain.toLowerCase()}`;
}

/**
 * The project key and tag of an address at the inbound domain; null for any other domain or a local
 * part that is not a key. An unknown tag is kept as null (the plain address), so a typo still arrives.
 */
export function parseInboundAddress(address: string, domain: string): { key: string; tag: InboundTag | null } | null {
  const text = address.trim().toLowerCase();
  const at = text.lastIndexOf("@");
  if (at < 1 || text.slice(at + 1) !== domain.toLowerCase()) return null;
  const [key, tag = ""] = text.slice(0, at).split("+", 2) as [string, string?];
  if (!/^[a-z0-9]{4,40}$/.test(key)) return null;
  return { key, tag: isInboundTag(tag) ? tag : null };
}

/** The domain of an address, lower-case; null when it has none. */
export function domainOf(address: string | null | undefined): string | null {
  const text = (address ?? "").trim().toLowerCase();
  const at = text.lastIndexOf("@");
  return at > 0 && at < text.length - 1 ? text.slice(at + 1) : null;
}

/**
 * A domain as the lists keep it: lower-case, without "@", a leading "*." or a trailing dot. Null when
 * it is not a plausible domain name.
 */
export function normaliseDomain(input: string): string | null {
  const text = input.trim().toLowerCase().replace(/^@/, "").replace(/^\*\./, "").replace(/\.$/, "");
  return /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/.test(text) ? text : null;
}

/** Whether `domain` is one of `list` or a subdomain of one ("mail.example.com" is in "example.com"). */
export function domainListed(domain: string | null, list: readonly string[]): boolean {
  if (!domain) return false;
  return list.some((entry) => domain === entry || domain.endsWith(`.${entry}`));
}
