import { describe, expect, it } from "vitest";
import { listSearch, panelSearch } from "./urls";

describe("commitments panel URLs", () => {
  it("closing a panel keeps the list's filters, the status filter included", () => {
    expect(listSearch("?status=all&due=overdue&owner=u1&who=Ellis&search=fence&page=2&new=1&find=x&description=y&grievanceId=3")).toBe(
      "?status=all&due=overdue&owner=u1&who=Ellis&search=fence&page=2",
    );
  });
  it("opening one from the form's Find URL drops the typed fields", () => {
    expect(panelSearch("?status=fulfilled&edit=4&find=x&findSubmit=1&stakeholderIds=1", { view: 4 })).toBe("?status=fulfilled&view=4");
  });
});
