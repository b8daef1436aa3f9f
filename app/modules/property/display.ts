/** Display rules for property screens (client-safe: no server imports). */
/** Only http(s) links are rendered as links (a stored "javascript:" URL must never become one). */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** "A, B +3 more": the table shows the first 2 proprietors (docs/records.md#property-list). */
export function proprietorsSummary(proprietors: string[], shown = 2): { names: string[]; more: number } {
  return { names: proprietors.slice(0, shown), more: Math.max(0, proprietors.length - shown) };
}
