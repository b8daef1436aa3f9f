/**
 * Is an incoming stakeholder likely one already in the project (issue 11)? Same e-mail or phone in any
 * slot is near-certain; a similar name is likely; a business at the same address is likely too.
 */
import { bestMatch, percent, type DuplicateMatch } from "./match";
import { addressSimilarity, nameSimilarity } from "./similarity";
import { emailKeys, phoneKeys, type StakeholderKeyFields } from "./blocking-keys";

export interface StakeholderMatchFields extends StakeholderKeyFields {
  memberType?: string | null;
}

/** Names at least this alike (after normalisation) are flagged (issue 11: 0.8). */
export const NAME_SIMILARITY_THRESHOLD = 0.8;
/** A business's addresses at least this alike (same number and postcode) are flagged. */
export const BUSINESS_ADDRESS_THRESHOLD = 0.85;
/** A shared e-mail is taken as the same person; a shared phone a little less surely (a household shares a landline). */
export const EMAIL_SIMILARITY = 1;
export const PHONE_SIMILARITY = 0.95;

const BUSINESS_TYPES = new Set(["Business", "Organization"]);
export const isBusiness = (record: StakeholderMatchFields) => BUSINESS_TYPES.has(record.memberType ?? "");

const addresses = (r: StakeholderKeyFields) => [r.address, r.address2, r.address3].filter((a): a is string => Boolean(a?.trim()));

/** A record's e-mail and phone keys, worked out once per record object: it is compared with many rows. */
const contactCache = new WeakMap<object, { emails: Set<string>; phones: Set<string> }>();
function contactKeys(record: StakeholderMatchFields) {
  let keys = contactCache.get(record);
  if (!keys) {
    keys = { emails: new Set(emailKeys(record)), phones: new Set(phoneKeys(record)) };
    contactCache.set(record, keys);
  }
  return keys;
}

export function matchStakeholder(candidate: StakeholderMatchFields, existing: StakeholderMatchFields): DuplicateMatch | null {
  const { emails: existingEmails, phones: existingPhones } = contactKeys(existing);
  const name = candidate.name?.trim() && existing.name?.trim() ? nameSimilarity(candidate.name, existing.name) : 0;
  let address = 0;
  if (isBusiness(candidate) || isBusiness(existing)) {
    for (const a of addresses(candidate)) for (const b of addresses(existing)) address = Math.max(address, addressSimilarity(a, b));
  }
  return bestMatch([
    emailKeys(candidate).some((e) => existingEmails.has(e)) ? { similarity: EMAIL_SIMILARITY, matchType: "email", reason: "same e-mail" } : null,
    phoneKeys(candidate).some((p) => existingPhones.has(p)) ? { similarity: PHONE_SIMILARITY, matchType: "phone", reason: "same phone" } : null,
    name >= NAME_SIMILARITY_THRESHOLD ? { similarity: name, matchType: "name", reason: name === 1 ? "same name" : `name ${percent(name)} similar` } : null,
    address >= BUSINESS_ADDRESS_THRESHOLD ? { similarity: address, matchType: "address", reason: address === 1 ? "same address" : `address ${percent(address)} similar` } : null,
  ]);
}
