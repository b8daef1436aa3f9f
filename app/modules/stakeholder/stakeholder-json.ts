import type { IStakeholder } from "~db/entities/Stakeholder";
import type { CalendarDate } from "~/modules/calendar/today";
import { nextActionPriority } from "~/modules/next-action/priority";
import { calendarDateOf, refIdOrNull } from "~db/entities/refs";

const iso = (value: Date | string | null | undefined) => (value instanceof Date ? value.toISOString() : (value ?? null));
/** Calendar dates are 'YYYY-MM-DD' strings; a Date (driver setting) is cut to its date. */

/** The /api shape of a stakeholder: the described field names (docs/records.md#stakeholder-fields), ids flattened. */
export function stakeholderToJson(s: IStakeholder) {
  return {
    id: s.id,
    userId: (s.user as { id?: string } | null)?.id ?? null,
    projectId: refIdOrNull(s.project),
    name: s.name,
    email: s.email ?? null,
    email2: s.email2 ?? null,
    email3: s.email3 ?? null,
    phone: s.phone ?? null,
    phone2: s.phone2 ?? null,
    phone3: s.phone3 ?? null,
    address: s.address ?? null,
    address2: s.address2 ?? null,
    address3: s.address3 ?? null,
    latitude: s.latitude ?? null,
    longitude: s.longitude ?? null,
    address1Lat: s.address1Lat ?? null,
    address1Lng: s.address1Lng ?? null,
    address2Lat: s.address2Lat ?? null,
    address2Lng: s.address2Lng ?? null,
    address3Lat: s.address3Lat ?? null,
    address3Lng: s.address3Lng ?? null,
    spatialAccuracy: s.spatialAccuracy ?? null,
    geoSource: s.geoSource ?? null,
    memberType: s.memberType ?? null,
    stakeholderCategory: s.stakeholderCategory ?? null,
    influenceLevel: s.influenceLevel ?? null,
    iap2EngagementLevel: s.iap2EngagementLevel ?? null,
    lastContact: iso(s.lastContact),
    notes: s.notes ?? null,
    nextAction: s.nextAction ?? null,
    nextActionDueDate: calendarDateOf(s.nextActionDueDate),
    customFields: s.customFields ?? null,
    // Treated as active unless explicitly false (docs/records.md#stakeholder-fields).
    isActive: s.isActive !== false,
    isProjectPropertyOwner: s.isProjectPropertyOwner === true,
    companyName: s.companyName ?? null,
    mobile: s.mobile ?? null,
    contactPhone: s.contactPhone ?? null,
    businessPhone: s.businessPhone ?? null,
    homePhone: s.homePhone ?? null,
    cellPhone: s.cellPhone ?? null,
    mobilePhone: s.mobilePhone ?? null,
    version: s.version,
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
  };
}

export type StakeholderJson = ReturnType<typeof stakeholderToJson>;

/** The text fields of the Add / Edit Stakeholder form. */
const FORM_TEXT_FIELDS = [
  "name",
  "email",
  "email2",
  "email3",
  "phone",
  "phone2",
  "phone3",
  "memberType",
  "stakeholderCategory",
  "influenceLevel",
  "iap2EngagementLevel",
  "address",
  "address2",
  "address3",
  "nextAction",
  "nextActionDueDate",
  "notes",
] as const;

/** The record's values as the form posts them (a ticked box is "on"), with its version: what a stale form shows again. */
export function stakeholderFormStrings(s: IStakeholder): Record<string, string> {
  const json = stakeholderToJson(s);
  const values = Object.fromEntries(FORM_TEXT_FIELDS.map((name) => [name, json[name] ?? ""]));
  return { ...values, isActive: json.isActive ? "on" : "", id: String(json.id), version: String(json.version) };
}

/** What the details panel shows: the record plus its priority on the request's today (the browser does not recompute it). */
export function stakeholderDetails(s: IStakeholder, today: CalendarDate) {
  const json = stakeholderToJson(s);
  return { ...json, priority: nextActionPriority(json.nextActionDueDate, today) };
}

export type StakeholderDetails = ReturnType<typeof stakeholderDetails>;

/** The "show sample data" debug view: the shape with made-up values, no project data. */
export const SAMPLE_STAKEHOLDER: Omit<StakeholderJson, "userId"> & { userId: string } = {
  id: 1,
  userId: "user-id",
  projectId: 1,
  name: "Jane Citizen",
  email: "jane.citizen@example.com",
  email2: null,
  email3: null,
  phone: "0400 000 000",
  phone2: null,
  phone3: null,
  address: "1 Example Road, Exampletown VIC 3000",
  address2: null,
  address3: null,
  latitude: -37.81,
  longitude: 144.96,
  address1Lat: null,
  address1Lng: null,
  address2Lat: null,
  address2Lng: null,
  address3Lat: null,
  address3Lng: null,
  spatialAccuracy: null,
  geoSource: null,
  memberType: "Individual",
  stakeholderCategory: "Resident",
  influenceLevel: "Medium",
  iap2EngagementLevel: "Consult",
  lastContact: null,
  notes: "Prefers phone calls in the morning.",
  nextAction: "Send the access map",
  nextActionDueDate: "2026-01-31",
  customFields: { Parish: "Example" },
  isActive: true,
  isProjectPropertyOwner: false,
  companyName: null,
  mobile: null,
  contactPhone: null,
  businessPhone: null,
  homePhone: null,
  cellPhone: null,
  mobilePhone: null,
  version: 1,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};
