/**
 * String similarity for duplicate matching (docs/import.md#duplicates), 0 to 1. Jaro-Winkler suits short strings such as
 * name words: it forgives one transposed or mistyped letter and rewards a shared beginning.
 */
import { nameCoreTokens } from "./canonical-names";
import { parseAddress } from "./canonical-addresses";

/** Winkler's standard prefix weight and the longest prefix it rewards. */
const PREFIX_SCALE = 0.1;
const MAX_PREFIX = 4;

export function jaroSimilarity(a: string, b: string): number {
  if (a === b) return a.length ? 1 : 0;
  if (!a.length || !b.length) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = new Array<boolean>(a.length).fill(false);
  const bMatched = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - window); j <= Math.min(b.length - 1, i + window); j++) {
      if (bMatched[j] || a[i] !== b[j]) continue;
      aMatched[i] = bMatched[j] = true;
      matches++;
      break;
    }
  }
  if (!matches) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[j]) j++;
    if (a[i] !== b[j]) transpositions++;
    j++;
  }
  return (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
}

export function jaroWinkler(a: string, b: string): number {
  const jaro = jaroSimilarity(a, b);
  let prefix = 0;
  while (prefix < Math.min(MAX_PREFIX, a.length, b.length) && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * PREFIX_SCALE * (1 - jaro);
}

/** Name words less alike than this count as different words (John/Jane is 0.70, Smith/Smyth 0.89). */
export const TOKEN_MATCH_THRESHOLD = 0.85;
/** An initial standing for a word that starts with it ("J" for "John"): likely, not certain. */
export const INITIAL_SCORE = 0.9;
/** Each word only one name has (a middle name) costs this much. */
export const EXTRA_WORD_PENALTY = 0.08;
/** A lone word matching one word of a longer name ("Smith" and "John Smith") is not enough on its own. */
export const SINGLE_WORD_CAP = 0.75;

function tokenScore(a: string, b: string): number {
  if (a === b) return 1;
  // A number in a name ("Lot 12 Trust", "Person 12") is an identifier: 12 is not an initial of 1, nor a typo of 13.
  if (/\d/.test(a) || /\d/.test(b)) return 0;
  if ((a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))) return INITIAL_SCORE;
  if (a.length === 1 || b.length === 1) return 0;
  const score = jaroWinkler(a, b);
  return score >= TOKEN_MATCH_THRESHOLD ? score : 0;
}

/**
 * How alike two lists of words are: each word of the shorter list is paired with its best remaining word
 * of the longer one, best pairs first, so word order does not matter, a typo costs a little and a word
 * only one list has (a middle name, a locality) a little more.
 */
export function wordsSimilarity(a: string[], b: string[]): number {
  const [short, long] = [a, b].sort((x, y) => x.length - y.length) as [string[], string[]];
  if (!short.length) return 0;
  const pairs: { i: number; j: number; score: number }[] = [];
  short.forEach((s, i) => long.forEach((l, j) => pairs.push({ i, j, score: tokenScore(s, l) })));
  pairs.sort((x, y) => y.score - x.score);
  const usedShort = new Set<number>();
  const usedLong = new Set<number>();
  let total = 0;
  for (const { i, j, score } of pairs) {
    if (usedShort.has(i) || usedLong.has(j)) continue;
    usedShort.add(i);
    usedLong.add(j);
    total += score;
  }
  return Math.max(0, total / short.length - (long.length - short.length) * EXTRA_WORD_PENALTY);
}

/** How alike two names are in canonical form (case, accents, "Smith, John", titles, company suffixes). */
export function nameSimilarity(a: string | null | undefined, b: string | null | undefined): number {
  const [x, y] = [nameCoreTokens(a), nameCoreTokens(b)];
  if (x.length && x.join(" ") === y.join(" ")) return 1;
  const score = wordsSimilarity(x, y);
  return Math.min(x.length, y.length) === 1 && x.length !== y.length ? Math.min(score, SINGLE_WORD_CAP) : score;
}

// ------------------------------------------------------------------------------------- people's names

/** A word within one typo of another: one insertion, deletion, substitution, or two neighbours swapped. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swap
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.slice(i) === long.slice(i + 1); // insertion or deletion
}

/** A word with one typo ("Jon" for "John", "Smiht" for "Smith"): likely the same word, not certainly. */
export const TYPO_SCORE = 0.93;

function personWordScore(a: string, b: string): { score: number; typo: boolean } {
  if (a === b) return { score: 1, typo: false };
  if ((a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))) return { score: INITIAL_SCORE, typo: false };
  if (a.length < 3 || b.length < 3 || /\d/.test(a) || /\d/.test(b)) return { score: 0, typo: false };
  return withinOneEdit(a, b) ? { score: TYPO_SCORE, typo: true } : { score: 0, typo: false };
}

interface PersonName {
  given: string[];
  surname: string;
}

/** The name as written ("John Michael Smith") and read surname first ("SMITH John Michael"). */
function readings(tokens: string[]): PersonName[] {
  return [
    { given: tokens.slice(0, -1), surname: tokens[tokens.length - 1]! },
    { given: tokens.slice(1), surname: tokens[0]! },
  ];
}

function alignedScore(a: PersonName, b: PersonName): number {
  const surname = personWordScore(a.surname, b.surname);
  const first = personWordScore(a.given[0]!, b.given[0]!);
  if (!surname.score || !first.score) return 0;
  const typos = Number(surname.typo) + Number(first.typo);
  let total = surname.score + first.score;
  let compared = 2;
  // Middle names: each pairs with an equal or initial one of the other name; the rest cost a little each.
  const others = b.given.slice(1);
  let unmatched = 0;
  for (const word of a.given.slice(1)) {
    const at = others.findIndex((other) => personWordScore(word, other).score >= INITIAL_SCORE);
    if (at < 0) {
      unmatched++;
      continue;
    }
    total += personWordScore(word, others[at]!).score;
    compared++;
    others.splice(at, 1);
  }
  unmatched += others.length;
  // One difference (a typo, or a middle name only one has) is the same name written another way; two
  // ("Katherine Margaret Williams" for "Catherine Williams") is more often another person.
  if (typos + unmatched > 1 && typos > 0) return 0;
  return Math.max(0, total / compared - unmatched * EXTRA_WORD_PENALTY);
}

/**
 * How alike two people's names are: surname against surname and first name against first name (in the
 * order written, or the whole name read surname first), each equal, an initial, or one typo apart; a
 * middle name only one has costs a little. Unlike wordsSimilarity, "Michelle Richter" is not "Richard
 * Mitchell" and "Michelle" is not "Michael". A single-word name falls back to nameSimilarity.
 */
export function personNameSimilarity(a: string | null | undefined, b: string | null | undefined): number {
  const [x, y] = [nameCoreTokens(a), nameCoreTokens(b)];
  if (x.length < 2 || y.length < 2) return nameSimilarity(a, b);
  if (x.join(" ") === y.join(" ")) return 1;
  const other = readings(y)[0]!;
  return Math.max(...readings(x).map((reading) => alignedScore(reading, other)));
}

/** One address without a street number (nor a lot) may be the same place as one with it, but less surely. */
export const MISSING_NUMBER_FACTOR = 0.9;
const words = (text: string) => text.split(" ").filter(Boolean);

/**
 * Two addresses of the same place: street number, unit and postcode must not disagree (12 and 14 Lake Rd
 * are neighbours, not duplicates), then the street and locality words are compared.
 */
export function addressSimilarity(a: string, b: string): number {
  const [x, y] = [parseAddress(a), parseAddress(b)];
  if (!x.text || !y.text) return 0;
  if (x.text === y.text) return 1;
  for (const part of ["streetNumber", "unit", "postcode", "lot"] as const) if (x[part] && y[part] && x[part] !== y[part]) return 0;
  const numberMissing = !x.streetNumber !== !y.streetNumber;
  if (numberMissing && !x.lot !== !y.lot) return 0;
  const score = wordsSimilarity(words(x.street), words(y.street));
  return numberMissing ? score * MISSING_NUMBER_FACTOR : score;
}
