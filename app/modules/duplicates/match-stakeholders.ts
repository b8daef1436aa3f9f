/**
 * Is an incoming stakeholder likely one already in the project (docs/import.md#duplicates)? Same e-mail or phone in any
 * slot with a name alike is near-certain, with another name a possible household; a similar name is likely
 * unless their contacts disagree; a business at the same address is likely too.
 */
import { bestMatch, percent, type DuplicateMatch } from "./match";
import { addressSimilarity, nameSimilarity, personNameSimilarity } from "./similarity";
import { isCompanyName, nameCoreTokens } from "./canonical-names";
import { alignGivenNames } from "./given-names";
import { parseAddress } from "./canonical-addresses";
import { emailKeys, phoneKeys, type StakeholderKeyFields } from "./blocking-keys";

export interface StakeholderMatchFields extends StakeholderKeyFields {
  memberType?: string | null;
}

/** Names at least this alike (after normalisation) are flagged: 0.8 (docs/import.md#duplicates). */
export const NAME_SIMILARITY_THRESHOLD = 0.8;
/** A business's addresses at least this alike (same number and postcode) are flagged. */
export const BUSINESS_ADDRESS_THRESHOLD = 0.85;
/** A business's address match needs names at least this alike too (one shared word of two). */
export const BUSINESS_NAME_SUPPORT = 0.5;
/** A shared e-mail with names alike is taken as the same person; a shared phone a little less surely. */
export const EMAIL_SIMILARITY = 1;
export const PHONE_SIMILARITY = 0.95;
/**
 * A shared e-mail or phone under names less alike than NAME_SIMILARITY_THRESHOLD is a household (a landline, a
 * family e-mail) or a business's shared office line, not the same record: shown for review at 50 % plus a
 * quarter of how alike the names are, so 50 % to under 70 %, below what a name alone needs.
 */
export const HOUSEHOLD_SIMILARITY = 0.5;
export const HOUSEHOLD_NAME_WEIGHT = 0.25;

/**
 * Whether a match is close enough to take the records as one where no one reviews it (an imported title's
 * owners are linked, not held back): a household's shared phone or e-mail is not.
 */
export const isSameStakeholder = (match: DuplicateMatch) => match.similarity >= NAME_SIMILARITY_THRESHOLD;

const BUSINESS_TYPES = new Set(["Business", "Organization"]);
export const isBusiness = (record: StakeholderMatchFields) => BUSINESS_TYPES.has(record.memberType ?? "");

const addresses = (r: StakeholderKeyFields) => [r.address, r.address2, r.address3].filter((a): a is string => Boolean(a?.trim()));

interface Evidence {
  emails: Set<string>;
  phones: Set<string>;
  postcodes: Set<string>;
  /** "3350:22": street addresses by postcode and number (a PO box or locked bag says where mail goes, not who). */
  streets: Set<string>;
  business: boolean;
}

const MAIL_ONLY = /\b(?:p\.?\s*o\.?\s*box|gpo\s+box|locked\s+bag|private\s+bag|rmb|rsd)\b/i;

/** A record's contact keys and postcodes, worked out once per record object: it is compared with many rows. */
const evidenceCache = new WeakMap<object, Evidence>();
function evidenceOf(record: StakeholderMatchFields): Evidence {
  let evidence = evidenceCache.get(record);
  if (!evidence) {
    evidence = {
      emails: new Set(emailKeys(record)),
      phones: new Set(phoneKeys(record)),
      postcodes: new Set(addresses(record).flatMap((a) => parseAddress(a).postcode ?? [])),
      streets: new Set(
        addresses(record)
          .filter((a) => !MAIL_ONLY.test(a))
          .flatMap((a) => {
            const { postcode, streetNumber } = parseAddress(a);
            return postcode && streetNumber ? [`${postcode}:${streetNumber}`] : [];
          }),
      ),
      business: isBusiness(record) || isCompanyName(record.name),
    };
    evidenceCache.set(record, evidence);
  }
  return evidence;
}

/**
 * How alike two names are when the records already share an e-mail or phone: the looser of the two name
 * measures, since the shared contact already says much ("Jon Smyth" with John Smith's e-mail), and a
 * person's short given name read as the full one ("Bill Smith" with William Smith's phone). 1 when either
 * name is blank: nothing then speaks against the contact.
 */
function contactNameSimilarity(a: string | null | undefined, b: string | null | undefined, business: boolean): number {
  if (!a?.trim() || !b?.trim()) return 1;
  const loose = nameSimilarity(a, b);
  if (business) return loose;
  const theirs = nameCoreTokens(b);
  const mine = alignGivenNames(nameCoreTokens(a), theirs).join(" ");
  const other = theirs.join(" ");
  return Math.max(loose, personNameSimilarity(a, b), nameSimilarity(mine, other), personNameSimilarity(mine, other));
}

/** A shared e-mail or phone, scored by the names (docs/import.md#duplicates). */
function sharedContactMatch(kind: "email" | "phone", names: number, business: boolean): DuplicateMatch {
  const what = kind === "email" ? "e-mail" : "phone";
  if (names >= NAME_SIMILARITY_THRESHOLD) return { similarity: kind === "email" ? EMAIL_SIMILARITY : PHONE_SIMILARITY, matchType: kind, reason: `same ${what}` };
  return {
    similarity: HOUSEHOLD_SIMILARITY + HOUSEHOLD_NAME_WEIGHT * names,
    matchType: kind,
    reason: `same ${what}, different name — possibly the same ${business ? "business or office" : "household"}`,
  };
}

const shares = (a: Set<string>, b: Set<string>) => [...a].some((value) => b.has(value));
/** Both have some and none is shared. */
const disagree = (a: Set<string>, b: Set<string>) => a.size > 0 && b.size > 0 && !shares(a, b);

/**
 * The rules, strongest evidence first. A similar name is only a likely duplicate when nothing else
 * contradicts it: two people with the same name but different e-mails, phones, postcodes or street
 * addresses are usually
 * two people (a quarter of new people share a first and last name with someone in a large project;
 * bench/dedupe.mjs), and flagging them buries the real duplicates among false ones.
 */
export function matchStakeholder(candidate: StakeholderMatchFields, existing: StakeholderMatchFields): DuplicateMatch | null {
  const [mine, theirs] = [evidenceOf(candidate), evidenceOf(existing)];
  const sameEmail = shares(mine.emails, theirs.emails);
  const samePhone = shares(mine.phones, theirs.phones);
  const business = mine.business || theirs.business;
  const contactNames = sameEmail || samePhone ? contactNameSimilarity(candidate.name, existing.name, business) : 0;
  // A business writes from several e-mail addresses (accounts@, admin@): only a person's contradict.
  const contradicted =
    (!business && disagree(mine.emails, theirs.emails)) || disagree(mine.phones, theirs.phones) || disagree(mine.postcodes, theirs.postcodes) || disagree(mine.streets, theirs.streets);
  let name = 0;
  if (!contradicted && candidate.name?.trim() && existing.name?.trim()) {
    name = business ? nameSimilarity(candidate.name, existing.name) : personNameSimilarity(candidate.name, existing.name);
  }
  let address = 0;
  // Several businesses share one office (an accountant's, a shared shed): the address counts only when
  // the names have something in common as well. The addresses are compared first: most pairs in a
  // business's block are at different addresses, and the names need not be compared for those.
  if (business && candidate.name?.trim() && existing.name?.trim() && (isBusiness(candidate) || isBusiness(existing))) {
    let closest = 0;
    for (const a of addresses(candidate)) for (const b of addresses(existing)) closest = Math.max(closest, addressSimilarity(a, b));
    if (closest >= BUSINESS_ADDRESS_THRESHOLD && nameSimilarity(candidate.name, existing.name) >= BUSINESS_NAME_SUPPORT) address = closest;
  }
  return bestMatch([
    sameEmail ? sharedContactMatch("email", contactNames, business) : null,
    samePhone ? sharedContactMatch("phone", contactNames, business) : null,
    name >= NAME_SIMILARITY_THRESHOLD ? { similarity: name, matchType: "name", reason: name === 1 ? "same name" : `name ${percent(name)} similar` } : null,
    address >= BUSINESS_ADDRESS_THRESHOLD ? { similarity: address, matchType: "address", reason: address === 1 ? "same address" : `address ${percent(address)} similar` } : null,
  ]);
}
