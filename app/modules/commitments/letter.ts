import type { CommitmentStatus } from "./rules";

/**
 * "What we promised you" (docs/records.md#commitments): each commitment to a stakeholder as one
 * plain sentence, the same on the printable page and in the PDF letter.
 */
export interface LetterCommitment {
  id: number;
  description: string;
  promisedOn: string;
  dueDate: string | null;
  status: CommitmentStatus;
  fulfilledOn: string | null;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** '2026-03-03' as "3 March 2026" (a calendar date: no time zone involved). */
export function longDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split("-").map(Number);
  return y && m && d ? `${d} ${MONTHS[m - 1]} ${y}` : date;
}

const withoutFullStop = (text: string) => text.trim().replace(/[.\s]+$/, "");

/** "On 3 March 2026 we promised to fix the fence by 30 April 2026." plus "Done on …" once fulfilled. */
export function letterSentence(c: LetterCommitment): string {
  const what = withoutFullStop(c.description);
  const promise = `On ${longDate(c.promisedOn)} we promised: ${what}${c.dueDate ? `, by ${longDate(c.dueDate)}` : ""}.`;
  if (c.status === "fulfilled") return `${promise} Done${c.fulfilledOn ? ` on ${longDate(c.fulfilledOn)}` : ""}.`;
  if (c.status === "in_progress") return `${promise} We are working on it.`;
  return `${promise} Not done yet.`;
}

export const LETTER_TITLE = "What we promised you";

/** The two groups the letter lists: still to do, then done. */
export function letterGroups(rows: LetterCommitment[]) {
  return { open: rows.filter((r) => r.status === "open" || r.status === "in_progress"), fulfilled: rows.filter((r) => r.status === "fulfilled") };
}
