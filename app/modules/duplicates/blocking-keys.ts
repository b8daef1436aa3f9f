/**
 * Blocking keys (docs/import.md#duplicates): short normalised strings stored in indexed columns, so that the candidates of
 * an incoming row are found by one equality lookup per key instead of comparing all pairs. Two records
 * that share any key are scored with the match rules; records sharing none are never compared.
 */
import { doubleMetaphone } from "double-metaphone";
import { foldText } from "./fold";
import { nameCoreTokens } from "./canonical-names";
import { canonicalEmail, canonicalPhone } from "./canonical-contact";
import { parseAddress } from "./canonical-addresses";
import { lotPlanKey, parseLotPlan, parseVolumeFolio, volumeFolioKey } from "./title-references";

export interface StakeholderKeyFields {
  name?: string | null;
  email?: string | null;
  email2?: string | null;
  email3?: string | null;
  phone?: string | null;
  phone2?: string | null;
  phone3?: string | null;
  /** The other numbers screens read (docs/records.md#stakeholder-fields): a shared one is a shared phone too. */
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

export interface PropertyKeyFields {
  address?: string | null;
  volume?: string | null;
  folio?: string | null;
  lot?: string | null;
  planNumber?: string | null;
  lotPlanLine?: string | null;
}

/** Phones shorter than this (an extension, a typo) would put unrelated people in one block. */
export const MIN_PHONE_DIGITS = 8;

const unique = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];

export function emailKeys(record: StakeholderKeyFields): string[] {
  return unique([record.email, record.email2, record.email3].map(canonicalEmail));
}

export function phoneKeys(record: StakeholderKeyFields): string[] {
  const numbers = [record.phone, record.phone2, record.phone3, record.mobile, record.mobilePhone, record.cellPhone, record.homePhone, record.businessPhone, record.contactPhone];
  return unique(numbers.map(canonicalPhone).filter((digits) => digits && digits.length >= MIN_PHONE_DIGITS));
}

/** Double Metaphone's primary code of a word ("Smith" and "Smyth" both SM0). */
export function phoneticCode(word: string): string {
  return doubleMetaphone(foldText(word).replace(/ /g, ""))[0];
}

/**
 * The surname's phonetic code with the first initial: "John Smith", "Smyth, J." and "Dr Jon Smith" all
 * give "SM0:J". The last word is taken as the surname (the canonical name has turned "Smith, John" round);
 * a company keys on its first word instead, since its last is often "Holdings" or "Farms".
 */
export function nameKey(name: string | null | undefined, isBusiness = false): string | null {
  const tokens = nameCoreTokens(name);
  if (!tokens.length) return null;
  if (isBusiness) return `B:${phoneticCode(tokens[0]!)}`;
  const surname = tokens[tokens.length - 1]!;
  const code = phoneticCode(surname);
  if (!code) return null;
  return tokens.length > 1 ? `${code}:${tokens[0]![0]!.toUpperCase()}` : code;
}

/** Postcode and street number ("3375:22"); none when either is missing, as a postcode alone is too wide. */
export function addressKey(address: string | null | undefined): string | null {
  const parsed = parseAddress(address);
  return parsed.postcode && parsed.streetNumber ? `${parsed.postcode}:${parsed.streetNumber}` : null;
}

export interface StakeholderBlockingKeys {
  emails: string[];
  phones: string[];
  name: string | null;
  addresses: string[];
}

export function stakeholderBlockingKeys(record: StakeholderKeyFields, isBusiness = false): StakeholderBlockingKeys {
  return {
    emails: emailKeys(record),
    phones: phoneKeys(record),
    name: nameKey(record.name, isBusiness),
    addresses: unique([record.address, record.address2, record.address3].map(addressKey)),
  };
}

export interface PropertyBlockingKeys {
  /** "10234/512A": an exact match on this is the auto-merge. */
  volumeFolio: string | null;
  /** "10234/512": without the suffix, so the partial matches share a block. */
  volumeFolioBase: string | null;
  lotPlan: string | null;
  address: string | null;
}

export function propertyBlockingKeys(record: PropertyKeyFields): PropertyBlockingKeys {
  const vf = parseVolumeFolio(record.volume, record.folio);
  const lotPlan = parseLotPlan(record.lot, record.planNumber) ?? parseLotPlan(record.lotPlanLine);
  return {
    volumeFolio: volumeFolioKey(vf),
    volumeFolioBase: vf ? `${vf.volume}/${vf.folio}` : null,
    // Keyed without the plan type or NSW section: "3/12345" finds "Lot 3 DP12345" and "3/12345" alike; the match rule checks the type.
    lotPlan: lotPlan ? lotPlanKey({ lot: lotPlan.lot, planType: null, planNumber: lotPlan.planNumber }) : null,
    address: addressKey(record.address),
  };
}
