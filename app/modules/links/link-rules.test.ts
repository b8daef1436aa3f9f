import { FieldError } from "~/utils/app-error";
import { linkRemovalRefusal, linkRemovedMessage, linkSelectionRefusal, NOTHING_SELECTED, NOTHING_SELECTED_CODE } from "./link-rules";

describe("link rules (docs/records.md#links)", () => {
  it("refuses a dialog save with nothing chosen, on the list field, with the side's message", () => {
    const fromProperty = linkSelectionRefusal("property", []);
    expect(fromProperty).toBeInstanceOf(FieldError);
    expect(fromProperty).toMatchObject({ status: 400, field: "stakeholderIds", code: NOTHING_SELECTED_CODE, message: NOTHING_SELECTED.property });
    expect(linkSelectionRefusal("stakeholder", [])).toMatchObject({ status: 400, field: "propertyIds", message: NOTHING_SELECTED.stakeholder });
    expect(NOTHING_SELECTED.property).toMatch(/^Select at least one stakeholder/);
  });

  it("lets a save with at least one id through", () => {
    expect(linkSelectionRefusal("property", [7])).toBeNull();
    expect(linkSelectionRefusal("stakeholder", [1, 2])).toBeNull();
  });

  it("refuses a removal that names nothing (never 'remove all')", () => {
    expect(linkRemovalRefusal("property", [])).toMatchObject({ status: 400, field: "stakeholderIds" });
    expect(linkRemovalRefusal("stakeholder", [])).toMatchObject({ status: 400, field: "propertyIds" });
    expect(linkRemovalRefusal("stakeholder", [3])).toBeNull();
  });

  it("says which link went", () => {
    expect(linkRemovedMessage(["Margaret Ellis"], ["12 Creek Rd"])).toBe("Margaret Ellis is no longer linked to 12 Creek Rd.");
    expect(linkRemovedMessage(["A", "B"], ["12 Creek Rd"])).toBe("A, B are no longer linked to 12 Creek Rd.");
  });
});
