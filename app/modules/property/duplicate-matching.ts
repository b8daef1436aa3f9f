/**
 * Duplicate detection for a new property (spec 000 §3 "Duplicate candidate", §4 property create).
 * Pure: property.server.ts fetches a few likely rows with indexed queries and this module decides
 * which of them are duplicates, how similar (0 to 1) and why.
 */
import { ADDRESS_WORDS } from "~/modules/duplicates/normalise";

export type DuplicateMatchType = "volume_folio" | "volume_folio_partial" | "address" | "lot/plan";

export interface PropertyMatchInput {
  address: string;
  volume?: string | null;
  folio?: string | null;
  lot?: string | null;
  planNumber?: string | null;
  lotPlanLine?: string | null;
}

export interface ExistingProperty extends PropertyMatchInput {
  id: number;
  proprietors?: string[] | null;
}

export interface DuplicateCandidate {
  id: number;
  similarity: number;
  matchType: DuplicateMatchType;
  address: string;
  volume: string | null;
  folio: string | null;
  lotPlanLine: string | null;
  proprietors: string[];
}

/** Addresses at least this similar (after normalisation) count as duplicates. */
export const ADDRESS_SIMILARITY_THRESHOLD = 0.6;
const SCORES = { volume_folio: 1, "lot/plan": 0.9, volume_folio_partial: 0.85 } as const;
/** When two kinds of match score the same, the stronger kind names the match. */
const TYPE_RANK: Record<DuplicateMatchType, number> = { volume_folio: 0, "lot/plan": 1, volume_folio_partial: 2, address: 3 };

/** Lower case, punctuation to spaces, abbreviations expanded, single spaces. */
export function normaliseAddress(address: string): string {
  return address
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .map((word) => ADDRESS_WORDS[word] ?? word)
    .join(" ");
}

/** pg_trgm's trigrams: each word padded with two spaces before and one after. */
function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text.split(" ").filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

/** Trigram similarity as pg_trgm computes it: shared trigrams over all distinct trigrams. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (!ta.size || !tb.size) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** Similarity of two addresses after normalisation (so "Rd" and "Road" agree). */
export function addressSimilarity(a: string, b: string): number {
  return trigramSimilarity(normaliseAddress(a), normaliseAddress(b));
}

/** Title references compared without case, punctuation or leading zeros ("045" = "45"). */
export function normaliseTitleRef(value: string | null | undefined): string {
  return (value ?? "")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .replace(/^0+(?=.)/, "");
}

const clean = (value: string | null | undefined) => (value ?? "").trim().toUpperCase();

function volumeFolioMatch(input: PropertyMatchInput, other: PropertyMatchInput): "volume_folio" | "volume_folio_partial" | null {
  const [v1, f1, v2, f2] = [input.volume, input.folio, other.volume, other.folio].map(clean);
  if (v1 && f1 && v1 === v2 && f1 === f2) return "volume_folio";
  const [nv1, nf1, nv2, nf2] = [input.volume, input.folio, other.volume, other.folio].map(normaliseTitleRef);
  // Same title written differently (leading zeros, spaces, dashes).
  if (nv1 && nf1 && nv1 === nv2 && nf1 === nf2) return "volume_folio_partial";
  // One side knows only part of the reference and that part agrees. Two different folios of the
  // same volume are different lots, so both parts present and differing is no match.
  if (nv1 && nv1 === nv2 && (!nf1 || !nf2) && (nf1 || nf2)) return "volume_folio_partial";
  if (nf1 && nf1 === nf2 && (!nv1 || !nv2) && (nv1 || nv2)) return "volume_folio_partial";
  return null;
}

function lotPlanMatch(input: PropertyMatchInput, other: PropertyMatchInput): boolean {
  const [l1, p1, l2, p2] = [input.lot, input.planNumber, other.lot, other.planNumber].map(normaliseTitleRef);
  if (l1 && p1 && l1 === l2 && p1 === p2) return true;
  const line1 = normaliseAddress(input.lotPlanLine ?? "");
  return Boolean(line1) && line1 === normaliseAddress(other.lotPlanLine ?? "");
}

/** How `existing` duplicates `input`, or null when it does not. */
export function matchProperty(input: PropertyMatchInput, existing: ExistingProperty, threshold = ADDRESS_SIMILARITY_THRESHOLD): DuplicateCandidate | null {
  const matches: { type: DuplicateMatchType; score: number }[] = [];
  const vf = volumeFolioMatch(input, existing);
  if (vf) matches.push({ type: vf, score: SCORES[vf] });
  if (lotPlanMatch(input, existing)) matches.push({ type: "lot/plan", score: SCORES["lot/plan"] });
  const addressScore = input.address.trim() && existing.address ? addressSimilarity(input.address, existing.address) : 0;
  if (addressScore >= threshold) matches.push({ type: "address", score: addressScore });
  if (!matches.length) return null;
  matches.sort((a, b) => b.score - a.score || TYPE_RANK[a.type] - TYPE_RANK[b.type]);
  const best = matches[0]!;
  return {
    id: existing.id,
    similarity: Math.round(best.score * 1000) / 1000,
    matchType: best.type,
    address: existing.address,
    volume: existing.volume ?? null,
    folio: existing.folio ?? null,
    lotPlanLine: existing.lotPlanLine ?? null,
    proprietors: existing.proprietors ?? [],
  };
}

/** Every duplicate among `existing`, most similar first. */
export function findDuplicates(input: PropertyMatchInput, existing: ExistingProperty[], { threshold = ADDRESS_SIMILARITY_THRESHOLD, limit = 10 } = {}): DuplicateCandidate[] {
  const seen = new Set<number>();
  const found: DuplicateCandidate[] = [];
  for (const property of existing) {
    if (seen.has(property.id)) continue;
    seen.add(property.id);
    const match = matchProperty(input, property, threshold);
    if (match) found.push(match);
  }
  return found.sort((a, b) => b.similarity - a.similarity || TYPE_RANK[a.matchType] - TYPE_RANK[b.matchType] || a.id - b.id).slice(0, limit);
}

/** "87%" — the spec shows similarity as a percentage. */
export function similarityPercent(similarity: number): string {
  return `${Math.round(similarity * 100)}%`;
}

export const MATCH_TYPE_LABELS: Record<DuplicateMatchType, string> = {
  volume_folio: "Same volume/folio",
  volume_folio_partial: "Partial volume/folio",
  address: "Similar address",
  "lot/plan": "Same lot/plan",
};
