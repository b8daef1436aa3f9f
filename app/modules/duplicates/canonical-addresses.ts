import { foldText, memoise, words } from "./fold";

/* Addresses in one spelling, for duplicate matching (see fold.ts). */

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
export function canonicalAddress(address: string | null | undefined): string {
  return parseAddress(address).text;
}
