/**
 * The blocking keys a record is stored with (stakeholder.match_keys, property.match_keys; docs/data-access.md#derived-tables-and-keys), as
 * one text array per record with a GIN index: the candidates of an incoming row are the records whose
 * array overlaps the row's keys. Each key is prefixed by its kind, so an e-mail can never meet a phone.
 *
 *   e:<e-mail>            any of the three e-mail slots
 *   p:<digits>            any of the three phones, canonical (+61 → 0)
 *   n:<code>:<initial>    surname's phonetic code with the first initial, and the first name's code with
 *                         the surname's initial: swapped names and a typo in either name still share one
 *   a:<postcode>:<number> a business's address (people at one address are a household, not one person)
 *   vf / vb / lp / a / as property title keys (see propertyMatchKeys)
 */
import { phoneticCode, stakeholderBlockingKeys, propertyBlockingKeys, type PropertyKeyFields } from "./blocking-keys";
import { isBusiness, type StakeholderMatchFields } from "./match-stakeholders";
import { isCompanyName, nameCoreTokens } from "./canonical-names";
import { parseAddress } from "./canonical-addresses";

/** A business by its member type or by its name ("Acme Pty Ltd" typed as Individual is still a company). */
export const isBusinessRecord = (record: StakeholderMatchFields) => isBusiness(record) || isCompanyName(record.name);

/** The first name's phonetic code with the surname's initial ("John Smith" → "JN:S"); people only. */
export function givenNameKey(name: string | null | undefined): string | null {
  const tokens = nameCoreTokens(name);
  if (tokens.length < 2) return null;
  const first = tokens[0]!;
  const last = tokens[tokens.length - 1]!;
  // An initial alone ("J Smith") has no sound of its own; the surname key covers it. A number is no surname.
  if (first.length < 2 || !/^[a-z]/.test(last)) return null;
  const code = phoneticCode(first);
  return code ? `${code}:${last[0]!.toUpperCase()}` : null;
}

/** Street number with the street's first word's sound ("12:SM0"): an address written without a postcode. */
export function streetKey(address: string | null | undefined): string | null {
  const parsed = parseAddress(address);
  const firstWord = parsed.street.split(" ")[0];
  if (!parsed.streetNumber || !firstWord) return null;
  const code = phoneticCode(firstWord);
  return code ? `${parsed.unit ? `${parsed.unit}/` : ""}${parsed.streetNumber}:${code}` : null;
}

const prefixed = (kind: string, key: string | null) => (key ? `${kind}:${key}` : null);
const unique = (keys: (string | null)[]) => [...new Set(keys.filter((k): k is string => Boolean(k)))];

export function stakeholderMatchKeys(record: StakeholderMatchFields): string[] {
  const business = isBusinessRecord(record);
  const keys = stakeholderBlockingKeys(record, business);
  return unique([
    ...keys.emails.map((e) => `e:${e}`),
    ...keys.phones.map((p) => `p:${p}`),
    prefixed("n", keys.name),
    business ? null : prefixed("n", givenNameKey(record.name)),
    // People at one address are a household; a business at one address is likely one business.
    ...(business ? keys.addresses.map((a) => `a:${a}`) : []),
  ]);
}

export function propertyMatchKeys(record: PropertyKeyFields): string[] {
  const keys = propertyBlockingKeys(record);
  return unique([prefixed("vf", keys.volumeFolio), prefixed("vb", keys.volumeFolioBase), prefixed("lp", keys.lotPlan), prefixed("a", keys.address), prefixed("as", streetKey(record.address))]);
}
