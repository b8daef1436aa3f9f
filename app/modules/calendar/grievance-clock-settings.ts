/**
 * The parts of the grievance clock (docs/records.md#grievance-clocks) that need no holiday tables: the
 * jurisdictions and their labels, the default jurisdiction of a time zone, and a project's clock
 * settings read from its settings JSON (docs/records.md#grievance-clock-settings). Safe in the browser.
 */
import { projectTimeZone } from "./today";

export const JURISDICTIONS = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

export const JURISDICTION_LABELS: Record<Jurisdiction, string> = {
  ACT: "Australian Capital Territory",
  NSW: "New South Wales",
  NT: "Northern Territory",
  QLD: "Queensland",
  SA: "South Australia",
  TAS: "Tasmania",
  VIC: "Victoria",
  WA: "Western Australia",
};

export function isJurisdiction(value: unknown): value is Jurisdiction {
  return typeof value === "string" && (JURISDICTIONS as readonly string[]).includes(value);
}

// IANA zones (and their old aliases) that sit in a state other than NSW; every other zone falls back
// to NSW, the default project zone's state. Broken Hill keeps South Australian time but is in NSW.
const ZONE_JURISDICTIONS: Record<string, Jurisdiction> = {
  "Australia/Melbourne": "VIC",
  "Australia/Victoria": "VIC",
  "Australia/Brisbane": "QLD",
  "Australia/Lindeman": "QLD",
  "Australia/Queensland": "QLD",
  "Australia/Perth": "WA",
  "Australia/West": "WA",
  "Australia/Eucla": "WA",
  "Australia/Adelaide": "SA",
  "Australia/South": "SA",
  "Australia/Darwin": "NT",
  "Australia/North": "NT",
  "Australia/Hobart": "TAS",
  "Australia/Currie": "TAS",
  "Australia/Tasmania": "TAS",
  "Antarctica/Macquarie": "TAS",
  "Australia/Canberra": "ACT",
  "Australia/ACT": "ACT",
};

/** The state a project's time zone points at; NSW for Sydney and for anything unrecognised. */
export function defaultJurisdiction(timeZone: string): Jurisdiction {
  return ZONE_JURISDICTIONS[timeZone] ?? "NSW";
}

export interface ClockSettings {
  timeZone: string;
  jurisdiction: Jurisdiction;
  acknowledgeDays: number;
  resolveDays: number;
}

export const DEFAULT_ACKNOWLEDGE_DAYS = 5;
export const DEFAULT_RESOLVE_DAYS = 30;
export const MIN_TARGET_DAYS = 1;
export const MAX_TARGET_DAYS = 90;

function targetDays(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) && value >= MIN_TARGET_DAYS && value <= MAX_TARGET_DAYS ? value : fallback;
}

/** A project's clock from its settings JSON; missing or invalid values fall back to the defaults. */
export function projectClockSettings(settings: unknown): ClockSettings {
  const s = settings && typeof settings === "object" ? (settings as Record<string, unknown>) : {};
  const timeZone = projectTimeZone(settings);
  return {
    timeZone,
    jurisdiction: isJurisdiction(s.grievanceJurisdiction) ? s.grievanceJurisdiction : defaultJurisdiction(timeZone),
    acknowledgeDays: targetDays(s.grievanceAcknowledgeDays, DEFAULT_ACKNOWLEDGE_DAYS),
    resolveDays: targetDays(s.grievanceResolveDays, DEFAULT_RESOLVE_DAYS),
  };
}
