/** What every duplicate rule answers (docs/import.md#duplicates): how alike (0 to 1, shown as a percentage), by what rule, and why in words. */
export interface DuplicateMatch {
  similarity: number;
  matchType: string;
  reason: string;
  /** Only an exact volume/folio match is merged without asking (docs/import.md#duplicates). */
  autoMerge?: boolean;
}

/** "91 %", as the reasons write a similarity. */
export const percent = (similarity: number) => `${Math.round(similarity * 100)} %`;

const round = (similarity: number) => Math.round(similarity * 1000) / 1000;

/** The strongest of several matches; on a tie the first listed (the rules list the stronger kinds first). */
export function bestMatch(matches: (DuplicateMatch | null)[]): DuplicateMatch | null {
  let best: DuplicateMatch | null = null;
  for (const match of matches) if (match && (!best || match.similarity > best.similarity)) best = match;
  return best ? { ...best, similarity: round(best.similarity) } : null;
}
