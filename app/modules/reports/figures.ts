import type { EngagementType } from "~db/entities/enums";
import type { CalendarDate } from "~/modules/calendar/today";
import type { AgeBucket, Rate } from "~/modules/grievances/figure-definitions";
import type { ReportRange, Week } from "./range";

/**
 * The reports' figures (docs/records.md#reports): their shape and the buckets, without any SQL, so
 * the page's components, the /api JSON and the tests share one definition.
 */

/** Days since a stakeholder's last contact, as of the range's last day (or today when that is earlier). */
export const CONTACT_BUCKETS = [
  { key: "0-7", label: "0–7 days", min: 0, max: 7 },
  { key: "8-30", label: "8–30 days", min: 8, max: 30 },
  { key: "31-90", label: "31–90 days", min: 31, max: 90 },
  { key: "91-180", label: "91–180 days", min: 91, max: 180 },
  { key: "over-180", label: "Over 180 days", min: 181, max: 1_000_000 },
] as const;
export type ContactBucket = (typeof CONTACT_BUCKETS)[number]["key"] | "never";
export const NEVER_CONTACTED_LABEL = "Never contacted";

/** The land access agreement statuses of docs/records.md#laa-status, as the reports name them. */
export const AGREEMENT_STATUSES = [
  { key: "signed", label: "Signed" },
  { key: "expiringSoon", label: "Expiring within 30 days" },
  { key: "expired", label: "Expired" },
  { key: "none", label: "No agreement" },
] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number]["key"];

export interface ReportFigures {
  projectId: number;
  range: ReportRange;
  /** The project's today, which the statuses (agreements, overdue, open) are judged on. */
  today: CalendarDate;
  /** The day "days since last contact" is counted to: the range's last day, or today when that is earlier. */
  asOf: CalendarDate;
  timeZone: string;
  weeks: Week[];
  engagements: {
    total: number;
    byType: { type: EngagementType; label: string; total: number }[];
    /** Per week (weeks[i]), per type. */
    weekly: { week: CalendarDate; total: number; byType: Partial<Record<EngagementType, number>> }[];
  };
  agreements: {
    properties: number;
    status: Record<AgreementStatus, number>;
    /** Agreements in place at the start of the range (recorded before it and still held today). */
    signedBefore: number;
    /** Per week: recorded in the week, and the running total at the week's end. */
    weekly: { week: CalendarDate; recorded: number; cumulative: number }[];
  };
  stakeholders: {
    total: number;
    contacted: number;
    notContacted: number;
    sinceLastContact: { bucket: ContactBucket; label: string; stakeholders: number }[];
  };
  grievances: {
    received: number;
    closed: number;
    open: number;
    weekly: { week: CalendarDate; received: number; closed: number }[];
    openByAge: { bucket: AgeBucket; label: string; open: number }[];
    acknowledgedOnTime: Rate;
    resolvedOnTime: Rate;
  };
  commitments: {
    /** Due in the range (not cancelled). */
    due: number;
    /** Fulfilled in the range. */
    fulfilled: number;
    /** Open or in progress today with a due date before today. */
    overdue: number;
    open: number;
  };
}

/** The figures' definitions, shown on the page and given in the /api JSON. */
export const REPORT_DEFINITIONS = {
  engagements:
    "Engagements by the week they happened in (their completed time, else their scheduled time, else when they were recorded), on the project's calendar days; weeks run Monday to Sunday and are cut to the range.",
  agreements: "Properties by the status of their land access agreement today: signed (more than 30 days to expiry, or no expiry date), expiring within 30 days, expired, or none.",
  agreementsOverTime:
    "Properties holding an agreement today, by the day it was first recorded on the property (the first save that ticked it, else the day the property was created): the running total at the end of each week.",
  stakeholders:
    "Contacted: stakeholders with an engagement in the range, or whose last contact falls in it. Days since last contact are counted to the range's last day (or today when that is earlier), from the later of the last contact and the last engagement up to then.",
  grievances:
    "Received and closed per week by their received and closed times. Open by age and the on-time shares are those of the grievance figures for the grievances received in the range, on the project's business days.",
  commitments: "Due: commitments due in the range that are not cancelled. Fulfilled: fulfilled on a day in the range. Overdue: open or in progress today and due before today.",
} as const;
