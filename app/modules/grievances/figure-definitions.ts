/**
 * The grievance figures' names, labels and definitions (docs/records.md#grievance-figures), without
 * the holiday tables, so the page's components can show them in the browser too.
 */
import type { GrievanceCategory } from "~db/entities/enums";
import type { CalendarDate } from "~/modules/calendar/today";

/** The age buckets of open grievances, in business days since the counted received day. */
export const AGE_BUCKETS = [
  { key: "0-5", label: "0–5 business days", min: 0, max: 5 },
  { key: "6-10", label: "6–10 business days", min: 6, max: 10 },
  { key: "11-20", label: "11–20 business days", min: 11, max: 20 },
  { key: "21-30", label: "21–30 business days", min: 21, max: 30 },
  { key: "over-30", label: "Over 30 business days", min: 31, max: Infinity },
] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number]["key"];

/** The figures' names (the /api JSON's keys), their labels and definitions, shown on the page, in the JSON and in the sheet. */
export const FIGURE_DEFINITIONS = {
  received: { label: "Grievances received", definition: "Grievances whose received date, in the project's time zone, falls in the period." },
  acknowledgedOnTime: {
    label: "Acknowledged on time",
    definition:
      "Of the grievances received in the period that were acknowledged, or whose acknowledge-by date has passed (before today) without it: " +
      "the share acknowledged on or before their acknowledge-by date (the local day in the project's time zone). Grievances not yet acknowledged and still within their time are left out.",
  },
  resolvedOnTime: {
    label: "Resolved on time",
    definition:
      "Of the grievances received in the period that are now Resolved or Closed, or whose resolve-by date has passed (before today) without that: " +
      "the share resolved on or before their resolve-by date (the resolved time, else the closed time, on the local day). A reopened grievance counts as not yet resolved.",
  },
  medianBusinessDaysToClose: {
    label: "Median business days to close",
    definition:
      "Of the grievances received in the period that are Closed: the median number of the project's business days from the counted received day to the day it was closed " +
      "(the counted received day is day 0; weekends and the jurisdiction's public holidays do not count).",
  },
  openByCategory: {
    label: "Open by category",
    definition: "Grievances received in the period that are not Closed today (Resolved ones included, as in the list's tiles), by category.",
  },
  openByAge: {
    label: "Open by age",
    definition: "The same open grievances by their age today: business days from the counted received day to today.",
  },
} as const;
export type FigureName = keyof typeof FIGURE_DEFINITIONS;

export interface Rate {
  /** Grievances on time. */
  onTime: number;
  /** The denominator (see FIGURE_DEFINITIONS). */
  counted: number;
  /** onTime / counted as a percentage with one decimal; null when nothing is counted. */
  percent: number | null;
}

export interface GrievanceFigures {
  from: CalendarDate;
  to: CalendarDate;
  today: CalendarDate;
  received: number;
  acknowledgedOnTime: Rate;
  resolvedOnTime: Rate;
  medianBusinessDaysToClose: { closed: number; median: number | null };
  openByCategory: { category: GrievanceCategory; label: string; open: number }[];
  openByAge: { bucket: AgeBucket; label: string; open: number }[];
  open: number;
}

/** "62.5%", or "None counted" when the denominator is empty. */
export function formatRate(r: Rate): string {
  return r.percent === null ? "None counted" : `${r.percent.toFixed(1)}%`;
}
