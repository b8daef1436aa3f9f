/**
 * String similarity for duplicate matching (issue 11), 0 to 1. Jaro-Winkler suits short strings such as
 * name words: it forgives one transposed or mistyped letter and rewards a shared beginning.
 */
import { nameCoreTokens, parseAddress } from "./normalise";

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

/** How alike two names are after normalisation (case, accents, "Smith, John", titles, company suffixes). */
export function nameSimilarity(a: string | null | undefined, b: string | null | undefined): number {
  const [x, y] = [nameCoreTokens(a), nameCoreTokens(b)];
  if (x.length && x.join(" ") === y.join(" ")) return 1;
  const score = wordsSimilarity(x, y);
  return Math.min(x.length, y.length) === 1 && x.length !== y.length ? Math.min(score, SINGLE_WORD_CAP) : score;
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
