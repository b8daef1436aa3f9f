/**
 * Text normalisation of Database Management (docs/administration.md#text-normalisation): text typed or imported in capitals
 * ("JOHN SMITH", "12 GEORGE ST SYDNEY NSW") becomes Title Case, while the abbreviations that are
 * capitals by nature stay so. Only a value with no lower-case letter at all is touched: a value with
 * any lower-case letter was written that way on purpose ("McDonald", "de Groot") and is left alone.
 *
 * Pure: no I/O. The database side (which fields, one transaction, audit) is normalise.server.ts.
 */

/** Australian state and territory codes (the start-up form's list). */
const STATE_CODES = ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "NT", "ACT"];
/** Company and legal suffixes, trustee words and registration numbers' names. */
const COMPANY_WORDS = ["PTY", "LTD", "PL", "INC", "LLC", "LLP", "PLC", "NL", "ABN", "ACN", "ATF", "ITF", "NZ", "AU", "AUS", "USA", "UK", "CBD"];
/** Job titles and departments. */
const JOB_TITLES = ["CEO", "CFO", "COO", "CTO", "CIO", "CMO", "MD", "GM", "VP", "EA", "PA", "HR", "IT", "HSE", "WHS", "OHS", "PM"];
/** Other abbreviations in names and addresses: post boxes, rural delivery, land plan types, public bodies. */
const OTHER_ABBREVIATIONS = ["PO", "GPO", "RMB", "RMS", "RSD", "LMB", "DP", "SP", "CP", "RP", "TP", "JP", "RSL", "CWA", "TAFE", "NBN", "II", "III", "IV", "VI", "VII", "VIII", "IX"];

/** Every word kept in capitals (compared in upper case). */
export const KEPT_UPPERCASE: ReadonlySet<string> = new Set([...STATE_CODES, ...COMPANY_WORDS, ...JOB_TITLES, ...OTHER_ABBREVIATIONS]);

/** Short joining words written in lower case inside a name ("Department of Transport"), never first. */
const MINOR_WORDS: ReadonlySet<string> = new Set(["AND", "OF", "THE", "FOR", "IN", "ON", "TO", "BY", "AT"]);

const ORDINAL = /^(\d+)(ST|ND|RD|TH)$/;

/** True when the text has at least one letter and no lower-case letter: the only text normalised. */
export function isFullyUppercase(text: string): boolean {
  return /\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text);
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/**
 * One word (letters and digits, no spaces). `previous` is the run of letters before an apostrophe
 * when this word follows one ("O'BRIEN" → "Brien" after "O"; "JOHN'S" → "s" after "JOHN").
 */
function normaliseWord(word: string, { first, afterApostrophe }: { first: boolean; afterApostrophe: string | null }): string {
  if (afterApostrophe !== null) return afterApostrophe.length === 1 ? capitalise(word) : word.toLowerCase();
  const ordinal = ORDINAL.exec(word);
  if (ordinal) return `${ordinal[1]}${ordinal[2]!.toLowerCase()}`;
  // Lot numbers, unit numbers and plan numbers ("12A", "DP123456") keep their letters.
  if (/\d/.test(word)) return word;
  // Initials ("JOHN A SMITH", "P/L").
  if (word.length === 1) return word;
  if (KEPT_UPPERCASE.has(word)) return word;
  if (!first && MINOR_WORDS.has(word)) return word.toLowerCase();
  // Scottish and Irish prefixes: MCDONALD → McDonald, MACKAY stays Mackay (too many false friends).
  if (word.length > 3 && word.startsWith("MC")) return `Mc${capitalise(word.slice(2))}`;
  return capitalise(word);
}

/**
 * The value as it should be stored: Title Case for a fully upper-case value, the value itself
 * otherwise (mixed case, no letters, empty). Separators (spaces, commas, hyphens, slashes) are kept
 * exactly; each word between them is normalised on its own.
 */
export function normaliseText(value: string): string {
  if (!isFullyUppercase(value)) return value;
  const parts = value.split(/([^\p{L}\p{N}]+)/u);
  let first = true;
  let previousWord = "";
  let previousSeparator = "";
  return parts
    .map((part, index) => {
      if (index % 2 === 1) {
        previousSeparator = part;
        return part;
      }
      if (!part) return part;
      const afterApostrophe = /^['’]$/.test(previousSeparator) && previousWord ? previousWord : null;
      const result = normaliseWord(part, { first, afterApostrophe });
      first = false;
      previousWord = part;
      return result;
    })
    .join("");
}

/** A list of values (a property's proprietors): each normalised; null when nothing changes. */
export function normaliseList(values: readonly unknown[]): unknown[] | null {
  let changed = false;
  const next = values.map((value) => {
    if (typeof value !== "string") return value;
    const normalised = normaliseText(value);
    if (normalised !== value) changed = true;
    return normalised;
  });
  return changed ? next : null;
}
