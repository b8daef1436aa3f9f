import type { IProperty } from "~db/entities/Property";
import { calendarDateOf } from "~db/entities/refs";

/** The stored values of the form's fields, as the schema accepts them (for PATCH merges). */
export function propertyFormValues(property: IProperty) {
  return {
    address: property.address,
    volume: property.volume ?? "",
    folio: property.folio ?? "",
    area: property.area ?? "",
    zoning: property.zoning ?? "",
    notes: property.notes ?? "",
    nextAction: property.nextAction ?? "",
    nextActionDueDate: calendarDateOf(property.nextActionDueDate) ?? "",
    hasLAA: property.hasLAA,
    laaExpiryDate: calendarDateOf(property.laaExpiryDate) ?? "",
    laaDetails: property.laaDetails ?? "",
  };
}

/** The same values as form strings (a ticked checkbox posts "on"), for re-rendering the form. */
export function propertyFormStrings(property: IProperty): Record<string, string> {
  const { hasLAA, ...values } = propertyFormValues(property);
  return { ...values, hasLAA: hasLAA ? "on" : "", version: String(property.version) };
}

/** The success text after linking (docs/records.md#messages). */
export const linkedMessage = (count: number) => `Linked ${count} stakeholders to property.`;
