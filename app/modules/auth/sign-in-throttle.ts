import crypto from "node:crypto";
import net from "node:net";

/**
 * The bundled sign-in's brute-force rule: failed attempts are counted per account and per client
 * address within a window; reaching the limit blocks further attempts (right passwords included)
 * for a while. Successful sign-ins are not counted, so people signing in many times from one office
 * address are never held up; a success clears its account's count.
 */
export interface ThrottleRule {
  /** Failures within the window that block. */
  maxFailures: number;
  windowSeconds: number;
  /** How long attempts are refused once the limit is reached. */
  blockSeconds: number;
}

export interface SignInLimits {
  perAccount: ThrottleRule;
  perAddress: ThrottleRule;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  perAccount: { maxFailures: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  // Higher: several people behind one NAT address may mistype, and each account has its own limit.
  perAddress: { maxFailures: 20, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
};

/**
 * The account's key: the login as the sign-in matches it (trimmed, lower-cased), hashed so the table
 * holds no addresses and any length fits its key column.
 */
export function accountKey(login: string): string {
  return crypto.createHash("sha256").update(login.trim().toLowerCase()).digest("hex");
}

/**
 * The client's key: an IPv4 address as is (also when written IPv4-mapped), an IPv6 address by its
 * /64 network, which one subscriber usually holds whole and could rotate through.
 */
export function addressKey(address: string | undefined): string {
  const value = (address ?? "").trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (mapped) return mapped[1];
  if (net.isIPv4(value)) return value;
  if (!net.isIPv6(value)) return value || "unknown";
  return `${expandIPv6(value).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros; an embedded IPv4 tail becomes two groups. */
function expandIPv6(address: string): string[] {
  let text = address.split("%")[0];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split(".").map(Number);
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((group) => parseInt(group, 16).toString(16));
}

/** Whole minutes to tell the person, never "0 minutes". */
export function minutesToWait(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/** The Retry-After header's value: whole seconds, at least 1. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

export function tooManyAttemptsMessage(ms: number): string {
  const minutes = minutesToWait(ms);
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** Whether a count (after this attempt was added) is past the limit, i.e. the attempt is refused unchecked. */
export function isOverLimit(count: number, rule: ThrottleRule): boolean {
  return count > rule.maxFailures;
}

/** Whether a failure that brought the count to `count` reaches the limit and starts the block. */
export function reachesLimit(count: number, rule: ThrottleRule): boolean {
  return count >= rule.maxFailures;
}
