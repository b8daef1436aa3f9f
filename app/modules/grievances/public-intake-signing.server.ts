/**
 * The public grievance form's secrets (docs/records.md#public-grievance-form): the unguessable token
 * of its address, the signed value the confirmation page is reached with (instead of the grievance's
 * id, so the page leads to no record), and the hashed key the per-address limit counts under.
 */
import crypto from "node:crypto";
import type { Receipt } from "./public-intake";

/** 192 random bits as base64url (32 characters): unguessable, and safe in a URL path. */
export function newFormToken(): string {
  return crypto.randomBytes(24).toString("base64url");
}

/** Only something shaped like a token is looked up; anything else is the same 404 without a query. */
export function isFormTokenShape(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{32}$/.test(value);
}

export const publicFormPath = (token: string) => `/grievance-form/${token}`;

/** The token in a project's settings JSON (`grievanceFormToken`), or null when the form is off. */
export function formTokenOf(settings: unknown): string | null {
  const token = settings && typeof settings === "object" ? (settings as { grievanceFormToken?: unknown }).grievanceFormToken : null;
  return isFormTokenShape(token) ? token : null;
}

// The confirmation's signed value

export const RECEIPT_LIFETIME_SECONDS = 60 * 60;

// Signed together with the form's token: a receipt opens only on the address it was given on (and
// no longer once a new address is issued), and carries no id of the project or the grievance.
const hmac = (secret: string, boundTo: string, payload: string) => crypto.createHmac("sha256", secret).update(`grievance-receipt:${boundTo}:${payload}`).digest("base64url");

/** `payload.signature`, valid for an hour: the redirect after the POST carries it instead of the grievance's id. */
export function signReceipt(receipt: Receipt, boundTo: string, secret: string, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ r: receipt.reference, a: receipt.acknowledgeBy, d: receipt.resolveBy, m: receipt.mailed ? 1 : 0, x: Math.floor(now / 1000) + RECEIPT_LIFETIME_SECONDS }),
  ).toString("base64url");
  return `${payload}.${hmac(secret, boundTo, payload)}`;
}

/** The receipt, if the value is ours, unexpired and signed for this token; otherwise null. */
export function readReceipt(value: string | null, boundTo: string, secret: string, now = Date.now()): Receipt | null {
  if (!value || value.length > 1000) return null;
  const [payload, signature, ...rest] = value.split(".");
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(hmac(secret, boundTo, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    if (typeof data.x !== "number" || data.x * 1000 < now) return null;
    if (typeof data.r !== "string" || typeof data.a !== "string" || typeof data.d !== "string") return null;
    return { reference: data.r, acknowledgeBy: data.a, resolveBy: data.d, mailed: data.m === 1 };
  } catch {
    return null;
  }
}

/** The counter's key: the address hashed, so no address is stored. */
export const clientAddressKey = (address: string | null | undefined) =>
  crypto
    .createHash("sha256")
    .update(address || "unknown")
    .digest("hex");
