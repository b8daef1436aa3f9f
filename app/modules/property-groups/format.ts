/**
 * Pure display rules of the Stakeholder Property Groups screen: which contact fields a stakeholder
 * shows (several columns hold phone numbers), and how a parcel's volume/folio and lot/plan read.
 */
/** The tabs of a group's details panel (`?tab=`); contact information unless it says otherwise. */
export type GroupTab = "contact" | "properties";

export interface ContactRow {
  email?: string | null;
  email2?: string | null;
  email3?: string | null;
  phone?: string | null;
  phone2?: string | null;
  phone3?: string | null;
  mobile?: string | null;
  mobilePhone?: string | null;
  cellPhone?: string | null;
  homePhone?: string | null;
  businessPhone?: string | null;
  contactPhone?: string | null;
  address?: string | null;
  address2?: string | null;
  address3?: string | null;
}

export interface LabelledValue {
  value: string;
  /** What kind of number it is, for the extra phone columns imports fill (mobile, home …). */
  label: string | null;
}

export interface ContactDetails {
  emails: string[];
  phones: LabelledValue[];
  addresses: string[];
}

const clean = (value: string | null | undefined) => (typeof value === "string" ? value.trim() : "");

/** Non-blank values, first occurrence kept (compared ignoring case and spacing). */
function distinct(values: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = clean(raw);
    const key = value.toLowerCase().replace(/\s+/g, "");
    if (value && !seen.has(key)) {
      seen.add(key);
      out.push(value);
    }
  }
  return out;
}

const EXTRA_PHONES: [keyof ContactRow, string][] = [
  ["mobile", "mobile"],
  ["mobilePhone", "mobile"],
  ["cellPhone", "mobile"],
  ["homePhone", "home"],
  ["businessPhone", "business"],
  ["contactPhone", "contact"],
];

export function contactDetails(row: ContactRow): ContactDetails {
  const phones: LabelledValue[] = [];
  const seen = new Set<string>();
  const add = (raw: string | null | undefined, label: string | null) => {
    const value = clean(raw);
    const key = value.replace(/[\s()+-]/g, "");
    if (value && !seen.has(key)) {
      seen.add(key);
      phones.push({ value, label });
    }
  };
  for (const value of [row.phone, row.phone2, row.phone3]) add(value, null);
  for (const [field, label] of EXTRA_PHONES) add(row[field], label);
  return {
    emails: distinct([row.email, row.email2, row.email3]),
    phones,
    addresses: distinct([row.address, row.address2, row.address3]),
  };
}

/** One line for a card: first e-mail and first phone, or null when there is neither. */
export function contactSummary(row: ContactRow): string | null {
  const { emails, phones } = contactDetails(row);
  const parts = [emails[0], phones[0]?.value].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

/** "10234/512"; a lone volume or folio shows alone; null when neither is recorded. */
export function volumeFolio(volume: string | null | undefined, folio: string | null | undefined): string | null {
  const v = clean(volume);
  const f = clean(folio);
  if (v && f) return `${v}/${f}`;
  return v || f || null;
}

/** The title's own lot/plan line when recorded, else "Lot 1 on PS412345" from the parts. */
export function lotPlan(parcel: { lotPlanLine?: string | null; lot?: string | null; planNumber?: string | null }): string | null {
  const line = clean(parcel.lotPlanLine);
  if (line) return line;
  const lot = clean(parcel.lot);
  const plan = clean(parcel.planNumber);
  if (lot && plan) return `Lot ${lot} on ${plan}`;
  if (lot) return `Lot ${lot}`;
  return plan || null;
}

/** The /properties search that finds this parcel (the spec's View link). */
export function propertySearchHref(address: string): string {
  return `/properties?search=${encodeURIComponent(address)}`;
}

export function stakeholderHref(id: number): string {
  return `/stakeholders?highlight=${id}`;
}
