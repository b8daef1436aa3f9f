import { parseFrontMatter } from "./front-matter";

describe("parseFrontMatter", () => {
  it("reads the title and date and returns the body", () => {
    const parsed = parseFrontMatter('---\ntitle: "User Guide"\nlastUpdated: 2026-11-23\n---\n## Start\n');
    expect(parsed).toEqual({ title: "User Guide", lastUpdated: "2026-11-23", body: "## Start\n" });
  });

  it("accepts CRLF line ends and a byte-order mark", () => {
    expect(parseFrontMatter("\uFEFF---\r\ntitle: Guide\r\nlastUpdated: 2026-01-02\r\n---\r\nBody").body).toBe("Body");
  });

  it("refuses a file without front matter, a title or a real date", () => {
    expect(() => parseFrontMatter("## No front matter", "x.md")).toThrow("x.md: missing front matter");
    expect(() => parseFrontMatter("---\nlastUpdated: 2026-01-02\n---\n")).toThrow("no title");
    expect(() => parseFrontMatter("---\ntitle: A\nlastUpdated: 2 Jan 2026\n---\n")).toThrow("lastUpdated");
  });
});
