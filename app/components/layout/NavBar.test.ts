import { isCurrentNavItem } from "./NavBar";

describe("isCurrentNavItem (NavLink's rule)", () => {
  it("marks the page itself, case-insensitively", () => {
    expect(isCurrentNavItem("/stakeholders", "/stakeholders")).toBe(true);
    expect(isCurrentNavItem("/Stakeholders", "/stakeholders")).toBe(true);
  });

  it("marks an ancestor at a segment boundary only", () => {
    expect(isCurrentNavItem("/documentation/user-guide", "/documentation")).toBe(true);
    expect(isCurrentNavItem("/documentation-centre", "/documentation")).toBe(false);
    expect(isCurrentNavItem("/import/12/mapping", "/import/")).toBe(true);
  });

  it("marks the dashboard only on itself when it ends there", () => {
    expect(isCurrentNavItem("/", "/", true)).toBe(true);
    expect(isCurrentNavItem("/stakeholders", "/", true)).toBe(false);
    expect(isCurrentNavItem("/stakeholders/5", "/stakeholders", true)).toBe(false);
  });
});
