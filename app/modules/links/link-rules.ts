import { FieldError } from "~/utils/app-error";

/**
 * The rules of the Link dialogs (docs/records.md#links). Saving a dialog replaces the set of links,
 * so an empty set would silently remove every link: it is refused, and removing links is its own
 * action (Remove link, or DELETE on the /api twin), which must name what it removes.
 */
export type LinkSide = "stakeholder" | "property";

/** The form field (and /api key) holding the ids chosen from the other side. */
export const LINK_FIELD = { stakeholder: "propertyIds", property: "stakeholderIds" } as const satisfies Record<LinkSide, string>;

export const NOTHING_SELECTED_CODE = "NOTHING_SELECTED";

export const NOTHING_SELECTED: Record<LinkSide, string> = {
  stakeholder: "Select at least one property to link. To remove a link, use Remove link beside it.",
  property: "Select at least one stakeholder to link. To remove a link, use Remove link beside it.",
};

export const NOTHING_TO_REMOVE: Record<LinkSide, string> = {
  stakeholder: "Choose the properties whose links to remove.",
  property: "Choose the stakeholders whose links to remove.",
};

/** A save of the dialog (`side` is the record the dialog belongs to): at least one id, else a 400 on the list field. */
export function linkSelectionRefusal(side: LinkSide, ids: readonly number[]): FieldError | null {
  return ids.length ? null : new FieldError(400, NOTHING_SELECTED[side], LINK_FIELD[side], NOTHING_SELECTED_CODE);
}

/** An explicit removal names at least one link; an empty one is never "remove them all". */
export function linkRemovalRefusal(side: LinkSide, ids: readonly number[]): FieldError | null {
  return ids.length ? null : new FieldError(400, NOTHING_TO_REMOVE[side], LINK_FIELD[side], NOTHING_SELECTED_CODE);
}

/** The flash after a removal, the same from either side. */
export function linkRemovedMessage(stakeholderNames: readonly string[], propertyAddresses: readonly string[]): string {
  const list = (items: readonly string[]) => items.join(", ");
  return `${list(stakeholderNames)} ${stakeholderNames.length === 1 ? "is" : "are"} no longer linked to ${list(propertyAddresses)}.`;
}
