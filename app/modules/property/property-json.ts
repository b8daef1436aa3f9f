import type { IProperty } from "~db/entities/Property";
import type { IStakeholder } from "~db/entities/Stakeholder";
import { todayForProject, type CalendarDate } from "~/modules/calendar/today";
import { nextActionPriority } from "~/modules/next-action/priority";
import { laaStatus } from "./laa-status";
import { calendarDateOf, refIdOrNull } from "~db/entities/refs";

/**
 * The /api shape of a property: the described field names (docs/records.md#property-fields), ids for relations, and the LAA
 * status on the project's today. (Callers map arrays with it, so it takes no second argument: the
 * project entity the request loaded for its access check is the property's own, settings included.)
 */
export function propertyToJson(property: IProperty) {
  // The entity's own columns (no ORM import here: this module is also reachable from route modules).
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(property)) {
    if (key.startsWith("_") || typeof value === "function" || key === "stakeholder" || key === "project") continue;
    fields[key] = value;
  }
  const { nextActionDueDate, laaExpiryDate } = property;
  return {
    ...fields,
    stakeholderId: refIdOrNull(property.stakeholder),
    projectId: refIdOrNull(property.project),
    nextActionDueDate: calendarDateOf(nextActionDueDate),
    laaExpiryDate: calendarDateOf(laaExpiryDate),
    laaStatus: laaStatus(property.hasLAA, calendarDateOf(laaExpiryDate), todayForProject((property.project ?? {}) as { settings?: unknown })),
  };
}

/** A linked stakeholder as /api/properties/{id}/stakeholders lists it. */
export function linkedStakeholderToJson(stakeholder: IStakeholder) {
  return {
    id: stakeholder.id,
    name: stakeholder.name,
    email: stakeholder.email ?? null,
    phone: stakeholder.phone ?? null,
    address: stakeholder.address ?? null,
    memberType: stakeholder.memberType ?? null,
    stakeholderCategory: stakeholder.stakeholderCategory ?? null,
    projectId: refIdOrNull(stakeholder.project),
  };
}

/** What the Property Details view shows (docs/records.md#property-list): plain values, dates as 'YYYY-MM-DD', statuses on the request's today. */
export function propertyDetails(property: IProperty, linkedStakeholders: { id: number; name: string }[], today: CalendarDate) {
  const owner = property.stakeholder as { name?: string } | null | undefined;
  return {
    id: property.id,
    projectId: refIdOrNull(property.project),
    address: property.address,
    search: property.search ?? null,
    volume: property.volume ?? null,
    folio: property.folio ?? null,
    lotPlan: property.lotPlanLine || [property.lot && `Lot ${property.lot}`, property.planNumber].filter(Boolean).join(" on ") || null,
    titleType: property.titleType ?? null,
    primaryOwner: owner?.name ?? "Unknown",
    proprietors: Array.isArray(property.proprietors) ? property.proprietors.map(String) : [],
    securityNumber: property.securityNumber ?? null,
    spiNumber: property.spiNumber ?? null,
    titleDate: property.titleDate ?? null,
    proprietorDate: property.proprietorDate ?? null,
    ectController: property.ectController ?? null,
    ectEffectiveFromDate: property.ectEffectiveFromDate ?? null,
    addresses: Array.isArray(property.addresses) ? property.addresses.map(String) : [],
    additionalInfo: property.additionalInfo ?? null,
    pdf: property.pdf ?? null,
    area: property.area ?? null,
    zoning: property.zoning ?? null,
    notes: property.notes ?? null,
    hasLAA: property.hasLAA,
    laaExpiryDate: calendarDateOf(property.laaExpiryDate),
    laaDetails: property.laaDetails ?? null,
    laaStatus: laaStatus(property.hasLAA, calendarDateOf(property.laaExpiryDate), today),
    nextAction: property.nextAction ?? null,
    nextActionDueDate: calendarDateOf(property.nextActionDueDate),
    priority: nextActionPriority(calendarDateOf(property.nextActionDueDate), today),
    linkedStakeholders,
  };
}

export type PropertyDetailsView = ReturnType<typeof propertyDetails>;
