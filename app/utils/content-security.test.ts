import { pageImageSources, tileOrigin } from "./content-security";

describe("the tile server in the page's image sources", () => {
  it("adds exactly the template's origin", () => {
    expect(tileOrigin("https://tile.example.org/{z}/{x}/{y}.png")).toBe("https://tile.example.org");
    expect(tileOrigin("http://localhost:8080/tiles/{z}/{x}/{y}.png?key=1")).toBe("http://localhost:8080");
    expect(pageImageSources("https://tile.example.org/{z}/{x}/{y}.png")).toEqual(["'self'", "data:", "https://tile.example.org"]);
  });
  it("adds nothing without one, or for a template that is not an http(s) URL", () => {
    expect(pageImageSources(undefined)).toEqual(["'self'", "data:"]);
    expect(tileOrigin("ftp://tiles/{z}/{x}/{y}")).toBeNull();
    expect(tileOrigin("not a url")).toBeNull();
  });
});
