/** How the screens write an affected area (docs/records.md#affected-areas). Client-safe. */

/** Square metres as hectares, four decimals (a square metre): "1.2345 ha". */
export function formatHectares(m2: number): string {
  return `${(m2 / 10_000).toLocaleString("en-AU", { minimumFractionDigits: 4, maximumFractionDigits: 4 })} ha`;
}

/** A share (0–1) as a percentage with two decimals: "12.35 %"; a loss too small to show reads "< 0.01 %". */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.00005) return "< 0.01 %";
  return `${(share * 100).toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;
}

export const KIND_LABELS = { polygon: "Polygon", centre_line: "Centre line" } as const;
