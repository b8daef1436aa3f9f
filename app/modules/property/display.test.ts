import { proprietorsSummary, safeExternalUrl } from "./display";

describe("safeExternalUrl", () => {
  it("keeps http and https links only", () => {
    expect(safeExternalUrl("https://titles.example.com/a.pdf")).toBe("https://titles.example.com/a.pdf");
    expect(safeExternalUrl(" http://x.example/y ")).toBe("http://x.example/y");
    expect(safeExternalUrl("javascript:alert(1)")).toBeNull();
    expect(safeExternalUrl("data:text/html,hi")).toBeNull();
    expect(safeExternalUrl("not a url")).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});

describe("proprietorsSummary", () => {
  it("shows the first two and counts the rest", () => {
    expect(proprietorsSummary(["A", "B", "C", "D"])).toEqual({ names: ["A", "B"], more: 2 });
    expect(proprietorsSummary(["A"])).toEqual({ names: ["A"], more: 0 });
  });
});
