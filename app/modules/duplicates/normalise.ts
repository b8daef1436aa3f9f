/**
 * Normalising the values duplicate matching compares (docs/import.md#duplicates): names, phones, e-mails, addresses and
 * land-title references, each reduced to one spelling so that "Smith, John" and "JOHN SMITH", "Rd" and
 * "Road", "01234/056" and "1234/56" can be compared (and stored in indexed key columns: `unaccent` is not
 * immutable in PostgreSQL, so normalised text is computed here and stored, never computed in SQL).
 */

/** Lower case, accents removed, "&" as "and", punctuation as spaces, single spaces. */
export function foldText(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const words = (text: string) => (text ? text.split(" ") : []);

// ---------------------------------------------------------------------------------------------- names

/** Titles dropped from the front of a person's name: they are not part of who the person is. */
export const HONORIFICS = new Set(["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "dame", "rev", "reverend", "fr", "hon", "cr", "clr"]);

/** Company suffixes written many ways, as one form (longest first so "pty ltd" wins over "ltd"). */
const COMPANY_SUFFIXES: [RegExp, string][] = [
  [/\bproprietary limited\b/g, "pty ltd"],
  [/\bpty limited\b/g, "pty ltd"],
  [/\bproprietary ltd\b/g, "pty ltd"],
  [/\bp l\b/g, "pty ltd"],
  [/\blimited\b/g, "ltd"],
  [/\bincorporated\b/g, "inc"],
  [/\bcorporation\b/g, "corp"],
  [/\bcompany\b/g, "co"],
];
/** Tokens that only say "this is a company": dropped when two names are compared for similarity. */
export const COMPANY_WORDS = new Set(["pty", "ltd", "inc", "corp", "co", "llc", "plc"]);

export function isCompanyName(name: string | null | undefined): boolean {
  return (
    normaliseName(name)
      .split(" ")
      .some((word) => COMPANY_WORDS.has(word)) || /\bp\s*\/\s*l\b/i.test(name ?? "")
  );
}

/**
 * One spelling of a name: "Smith, John" → "john smith", "Dr. Jane O'Brien" → "jane obrien",
 * "Acme P/L" and "ACME Proprietary Limited" → "acme pty ltd", "Smith & Sons" → "smith and sons".
 */
export function normaliseName(name: string | null | undefined): string {
  let text = (name ?? "").trim();
  // "P/L" would fold to "p l"; mark it before the slash is lost.
  text = text.replace(/\bP\s*\/\s*L\b\.?/gi, " Pty Ltd ");
  // "Surname, Given names" (one comma, a person's name) is read as "Given names Surname".
  const parts = text.split(",");
  if (parts.length === 2 && parts[1]!.trim() && words(foldText(parts[0])).length <= 3 && !/\b(pty|ltd|limited|inc)\b/i.test(text)) {
    text = `${parts[1]} ${parts[0]}`;
  }
  let folded = foldText(text);
  for (const [pattern, replacement] of COMPANY_SUFFIXES) folded = folded.replace(pattern, replacement);
  const tokens = words(folded);
  while (tokens.length > 1 && HONORIFICS.has(tokens[0]!)) tokens.shift();
  return tokens.join(" ");
}

/**
 * Remembers the last results of a pure function of one string: matching compares each record with every
 * other in its block, so the same names and addresses are normalised over and over.
 */
function memoise<T>(fn: (text: string) => T, size = 20_000): (text: string | null | undefined) => T {
  let cache = new Map<string, T>();
  return (text) => {
    const key = text ?? "";
    let value = cache.get(key);
    if (value === undefined) {
      value = fn(key);
      // Cleared when full rather than evicted one by one: cheap, and a batch refills what it uses.
      if (cache.size >= size) cache = new Map();
      cache.set(key, value);
    }
    return value;
  };
}

/** A name's words without the company suffix: "acme pty ltd" and "acme" are the same business. Do not mutate the result. */
export const nameCoreTokens = memoise((name: string): string[] => {
  const tokens = words(normaliseName(name));
  const core = tokens.filter((token) => !COMPANY_WORDS.has(token));
  return core.length ? core : tokens;
});

// ------------------------------------------------------------------------------------ phones, e-mails

/**
 * Digits only, Australian international prefix as the trunk 0: "+61 (0)4 1234 5678", "0412 345 678" and
 * "61412345678" → "0412345678"; "(03) 5352 1234" → "0353521234". Null when no digits are left.
 */
export function normalisePhone(phone: string | null | undefined): string | null {
  let digits = (phone ?? "").replace(/\D/g, "");
  if (digits.startsWith("0061")) digits = digits.slice(2);
  // 61 then a 9-digit national number (or 10 with a redundant "(0)") is the international form.
  if (digits.startsWith("61") && (digits.length === 11 || (digits.length === 12 && digits[2] === "0"))) {
    digits = digits.length === 12 ? digits.slice(2) : `0${digits.slice(2)}`;
  }
  // A 9-digit national number written without its trunk 0 ("412 345 678").
  if (digits.length === 9 && /^[2-478]/.test(digits)) digits = `0${digits}`;
  return digits || null;
}

/** Australian mobile (04…) or landline (02/03/07/08 …), both 10 digits once normalised. */
export function phoneKind(phone: string | null | undefined): "mobile" | "landline" | "other" | null {
  const digits = normalisePhone(phone);
  if (!digits) return null;
  if (/^04\d{8}$/.test(digits)) return "mobile";
  if (/^0[2378]\d{8}$/.test(digits)) return "landline";
  return "other";
}

/** Trimmed and lower-cased (as the entities store them); a "mailto:" prefix dropped. Null when blank. */
export function normaliseEmail(email: string | null | undefined): string | null {
  const text = (email ?? "")
    .trim()
    .toLowerCase()
    .replace(/^mailto:/, "");
  return text || null;
}

// -------------------------------------------------------------------------------------------- addresses

/**
 * Australian street types and directions, one spelling. "dr" is Drive here; in names it is a title.
 */
export const ADDRESS_WORDS: Record<string, string> = {
  rd: "road",
  st: "street",
  str: "street",
  ave: "avenue",
  av: "avenue",
  hwy: "highway",
  hway: "highway",
  dr: "drive",
  drv: "drive",
  cres: "crescent",
  cr: "crescent",
  crs: "crescent",
  ct: "court",
  crt: "court",
  pl: "place",
  tce: "terrace",
  terr: "terrace",
  pde: "parade",
  ln: "lane",
  bvd: "boulevard",
  blvd: "boulevard",
  cl: "close",
  gr: "grove",
  gv: "grove",
  esp: "esplanade",
  sq: "square",
  pkwy: "parkway",
  cct: "circuit",
  wy: "way",
  mt: "mount",
  n: "north",
  s: "south",
  e: "east",
  w: "west",
  cir: "circuit",
  trk: "track",
};
const STATES: [RegExp, string][] = [
  [/\bnew south wales\b/g, "nsw"],
  [/\bvictoria\b/g, "vic"],
  [/\bqueensland\b/g, "qld"],
  [/\bsouth australia\b/g, "sa"],
  [/\bwestern australia\b/g, "wa"],
  [/\btasmania\b/g, "tas"],
  [/\bnorthern territory\b/g, "nt"],
  [/\baustralian capital territory\b/g, "act"],
];
export const STATE_CODES = new Set(["nsw", "vic", "qld", "sa", "wa", "tas", "nt", "act"]);
const UNIT_WORDS = "unit|apartment|apt|flat|shop|suite|villa|townhouse|u(?=[\\s.\\d])";

export interface ParsedAddress {
  /** One spelling of the whole address: "lot 5 3/12 saint kilda road melbourne vic 3004". */
  text: string;
  unit: string | null;
  streetNumber: string | null;
  lot: string | null;
  /** Street, locality and state, without numbers or postcode: what is left to compare by similarity. */
  street: string;
  state: string | null;
  postcode: string | null;
}

/** Reads the parts duplicate matching keys on; "Unit 3, 12 X St" and "3/12 X Street" read alike. Do not mutate the result. */
export const parseAddress = memoise(readAddress);

function readAddress(address: string): ParsedAddress {
  let raw = (address ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  raw = raw.replace(/\baustralia\s*$/, "");
  // Unit forms to "unit/number" before the slash is lost: "Unit 3, 12", "Apt 3 12", "3/12", "3 / 12".
  raw = raw.replace(new RegExp(`\\b(?:${UNIT_WORDS})\\.?\\s*(\\w+)\\s*[,/]?\\s*(\\d+[a-z]?)\\b`), " $1/$2 ");
  const unitMatch = /(?:^|\s)(\w+)\s*\/\s*(\d+[a-z]?)(?:\s|,|$)/.exec(raw);
  const unit = unitMatch ? unitMatch[1]! : null;
  if (unitMatch) raw = raw.replace(unitMatch[0], ` ${unitMatch[2]} `);
  const lotMatch = /\b(?:lot|l)\s*(\d+[a-z]?)\b/.exec(raw);
  const lot = lotMatch ? lotMatch[1]! : null;
  if (lotMatch) raw = raw.replace(lotMatch[0], " ");
  let folded = foldText(raw);
  for (const [pattern, code] of STATES) folded = folded.replace(pattern, code);
  const tokens = words(folded);
  // The postcode: the last 4-digit word after the first (a 4-digit street number comes first).
  let postcodeAt = -1;
  tokens.forEach((token, i) => {
    if (i > 0 && /^\d{4}$/.test(token)) postcodeAt = i;
  });
  const postcode = postcodeAt >= 0 ? tokens.splice(postcodeAt, 1)[0]! : null;
  // The street number: the first number, a range "12-14" folding to "12 14" keeps its first number.
  const numberAt = tokens.findIndex((token) => /^\d+[a-z]?$/.test(token));
  const streetNumber = numberAt >= 0 ? tokens[numberAt]! : null;
  const streetTokens = tokens.filter((token) => !/^\d+[a-z]?$/.test(token));
  const street = streetTokens
    // "St" straight after the number and before another word is Saint ("12 St Kilda Rd"), otherwise Street.
    .map((token, i) => (token === "st" && i === 0 && streetTokens.length > 2 ? "saint" : (ADDRESS_WORDS[token] ?? token)))
    .join(" ");
  const state = [...streetTokens].reverse().find((token) => STATE_CODES.has(token)) ?? null;
  const number = streetNumber ? (unit ? `${unit}/${streetNumber}` : streetNumber) : null;
  const text = [lot ? `lot ${lot}` : null, number, street, postcode].filter(Boolean).join(" ");
  return { text, unit, streetNumber, lot, street, state, postcode };
}

/** One spelling of an address, for comparing and storing. */
export function normaliseAddress(address: string | null | undefined): string {
  return parseAddress(address).text;
}

// ------------------------------------------------------------------------------ land-title references

export interface VolumeFolio {
  /** Digits without leading zeros. */
  volume: string;
  folio: string;
  /** A letter after the folio ("512A"), upper case; "" when none. */
  suffix: string;
}

const digitsOnly = (text: string) => text.replace(/^0+(?=\d)/, "");

/**
 * A title reference, from separate volume and folio fields or from one text: "10234/512A", "10234-512",
 * "10234 512", "Vol 1234 Fol 56", "Volume 01234 Folio 056". Null when it does not read as one.
 */
export function parseVolumeFolio(volume: string | null | undefined, folio?: string | null): VolumeFolio | null {
  const text = `${volume ?? ""} ${folio ?? ""}`
    .toUpperCase()
    .replace(/\b(?:VOLUME|VOL|V)\b\.?|\bV(?=\d)/g, " ")
    .replace(/\b(?:FOLIO|FOL|F)\b\.?|\bF(?=\d)/g, " ");
  const match = /^\s*(\d+)\s*[/\-\s]\s*(\d+)\s*([A-Z]?)\s*$/.exec(text.replace(/\s+/g, " "));
  if (!match) return null;
  return { volume: digitsOnly(match[1]!), folio: digitsOnly(match[2]!), suffix: match[3]! };
}

/** "10234/512A": the volume/folio key column's value. */
export function volumeFolioKey(ref: VolumeFolio | null): string | null {
  return ref ? `${ref.volume}/${ref.folio}${ref.suffix}` : null;
}

/** As written, without case, spaces or separators: equal strings are the same reference written the same way. */
export function volumeFolioAsWritten(volume: string | null | undefined, folio?: string | null): string | null {
  const text = `${volume ?? ""}/${folio ?? ""}`.toUpperCase().replace(/[^0-9A-Z]/g, "");
  return parseVolumeFolio(volume, folio) && text ? text : null;
}

export const PLAN_TYPES = ["DP", "SP", "RP", "PS", "TP", "LP", "CP"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export interface LotPlan {
  lot: string;
  /** The plan's register prefix when written; null when the plan number came bare. */
  planType: PlanType | null;
  /** Digits without leading zeros, and a Victorian plan's trailing letter ("PS 412345A"). */
  planNumber: string;
}

const PLAN_PATTERN = `(${PLAN_TYPES.join("|")})?\\s*0*(\\d+[A-Z]?)`;

/** Separate lot and plan fields, or a lot/plan line: "Lot 3 DP 12345", "3/DP12345", "3//DP12345", "L3 DP12345". */
export function parseLotPlan(lotOrLine: string | null | undefined, planNumber?: string | null): LotPlan | null {
  const text = `${lotOrLine ?? ""}${planNumber ? ` ON ${planNumber}` : ""}`
    .toUpperCase()
    .replace(/\bPLAN OF SUBDIVISION\b/g, "PS")
    .replace(/\bDEPOSITED PLAN\b/g, "DP")
    .replace(/\bSTRATA PLAN\b/g, "SP");
  const match = new RegExp(`^\\s*(?:LOT|L)?\\s*0*([0-9]+[A-Z]?|[A-Z])\\s*(?:/+|\\s|ON|OF|,)+\\s*(?:PLAN\\s*(?:NO\\.?)?\\s*)?${PLAN_PATTERN}\\s*$`).exec(text.replace(/\s+/g, " "));
  if (!match) return null;
  return { lot: match[1]!, planType: (match[2] as PlanType | undefined) ?? null, planNumber: match[3]! };
}

/** "3/DP12345": the lot/plan key column's value (without a type when none was written). */
export function lotPlanKey(ref: LotPlan | null): string | null {
  return ref ? `${ref.lot}/${ref.planType ?? ""}${ref.planNumber}` : null;
}
