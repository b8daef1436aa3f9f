/**
 * Merging an incoming row into the record it duplicates ("merge data", docs/import.md#duplicates): the
 * existing record's blank fields are filled from the row, further e-mails, phones and addresses go into
 * free slots, list fields and custom fields are unioned, and where both have a value the existing one is
 * kept — and listed, so the user sees what was not taken. Pure: values are keyed by field key.
 */
import { canonicalEmail, canonicalPhone } from "./canonical-contact";
import { canonicalAddress } from "./canonical-addresses";

export type MergeKind = "stakeholder" | "property";

export interface NotTaken {
  /** The field key, or "custom:<name>" for a custom field. */
  field: string;
  existing: unknown;
  incoming: unknown;
}

export interface MergePlan {
  /** Field key → the value to write ("customFields" holds the whole merged object). */
  changes: Record<string, unknown>;
  notTaken: NotTaken[];
}

interface SlotGroup {
  keys: readonly string[];
  same: (value: string) => string | null;
}

const SLOT_GROUPS: Record<MergeKind, readonly SlotGroup[]> = {
  stakeholder: [
    { keys: ["email", "email2", "email3"], same: canonicalEmail },
    { keys: ["phone", "phone2", "phone3"], same: canonicalPhone },
    { keys: ["address", "address2", "address3"], same: canonicalAddress },
  ],
  property: [],
};

const LIST_FIELDS: Record<MergeKind, readonly string[]> = {
  stakeholder: [],
  property: ["addresses", "proprietors"],
};

export const CUSTOM_FIELDS_KEY = "customFields";

export const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);

/** The same value however it was read back (a decimal as "12.50" or 12.5, a date with or without a time). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isBlank(a) && isBlank(b)) return true;
  if (isBlank(a) || isBlank(b)) return false;
  if (a instanceof Date || b instanceof Date) return dayOf(a) !== null && dayOf(a) === dayOf(b);
  if (typeof a === "number" || typeof b === "number") return Number(a) === Number(b);
  if (typeof a === "object" || typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  const [x, y] = [String(a).trim(), String(b).trim()];
  if (x.toLowerCase() === y.toLowerCase()) return true;
  const [dx, dy] = [dayOf(x), dayOf(y)];
  return dx !== null && dx === dy;
}

function dayOf(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ]00:00(?::00(?:\.0+)?)?(?:Z|[+-]00(?::?00)?)?)?$/.exec(String(value));
  return match ? match[1]! : null;
}

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return isBlank(value) ? [] : [String(value)];
}

export function planMerge(kind: MergeKind, existing: Readonly<Record<string, unknown>>, incoming: Readonly<Record<string, unknown>>): MergePlan {
  const changes: Record<string, unknown> = {};
  const notTaken: NotTaken[] = [];
  const handled = new Set<string>([CUSTOM_FIELDS_KEY]);

  for (const group of SLOT_GROUPS[kind]) {
    group.keys.forEach((key) => handled.add(key));
    const present = new Set(
      group.keys
        .map((key) => existing[key])
        .filter((v) => !isBlank(v))
        .map((v) => group.same(String(v))),
    );
    const free = group.keys.filter((key) => isBlank(existing[key]));
    for (const key of group.keys) {
      const value = incoming[key];
      if (isBlank(value)) continue;
      const normal = group.same(String(value));
      if (present.has(normal)) continue;
      present.add(normal);
      const slot = free.shift();
      if (slot) changes[slot] = value;
      else notTaken.push({ field: key, existing: existing[key], incoming: value });
    }
  }

  for (const key of LIST_FIELDS[kind]) {
    handled.add(key);
    if (isBlank(incoming[key])) continue;
    const merged = listOf(existing[key]);
    const seen = new Set(merged.map((item) => item.trim().toLowerCase()));
    for (const item of listOf(incoming[key])) {
      if (seen.has(item.trim().toLowerCase())) continue;
      seen.add(item.trim().toLowerCase());
      merged.push(item);
    }
    if (merged.length !== listOf(existing[key]).length) changes[key] = merged;
  }

  for (const [key, value] of Object.entries(incoming)) {
    if (handled.has(key) || isBlank(value)) continue;
    if (isBlank(existing[key])) changes[key] = value;
    else if (!sameValue(existing[key], value)) notTaken.push({ field: key, existing: existing[key], incoming: value });
  }

  const incomingCustom = incoming[CUSTOM_FIELDS_KEY];
  if (incomingCustom && typeof incomingCustom === "object") {
    const existingCustom = (existing[CUSTOM_FIELDS_KEY] && typeof existing[CUSTOM_FIELDS_KEY] === "object" ? existing[CUSTOM_FIELDS_KEY] : {}) as Record<string, unknown>;
    const merged: Record<string, unknown> = { ...existingCustom };
    let added = false;
    for (const [name, value] of Object.entries(incomingCustom as Record<string, unknown>)) {
      if (isBlank(value)) continue;
      if (isBlank(existingCustom[name])) {
        merged[name] = value;
        added = true;
      } else if (!sameValue(existingCustom[name], value)) notTaken.push({ field: `custom:${name}`, existing: existingCustom[name], incoming: value });
    }
    if (added) changes[CUSTOM_FIELDS_KEY] = merged;
  }
  return { changes, notTaken };
}

/** The fields where the incoming row and a candidate disagree or only the row has a value (the duplicates step shows them). */
export function differingFields(existing: Readonly<Record<string, unknown>>, incoming: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(incoming).filter((key) => key !== CUSTOM_FIELDS_KEY && !isBlank(incoming[key]) && !sameValue(existing[key], incoming[key]));
}
