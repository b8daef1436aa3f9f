import { describe, expect, it } from "vitest";
import { likePattern, parseListQuery, withParams, panelUrls } from "./list-query";

const options = { sortKeys: ["name", "email", "type"] as const, defaultSort: "name" as const };

describe("parseListQuery", () => {
  it("uses defaults for an empty query", () => {
    expect(parseListQuery(new URLSearchParams(""), options)).toEqual({ search: "", sort: "name", dir: "asc", page: 1, pageSize: 25, offset: 0 });
  });
  it("ignores sort keys outside the whitelist and bad pages", () => {
    const q = parseListQuery(new URLSearchParams("sort=password;drop&dir=sideways&page=-3"), options);
    expect(q).toMatchObject({ sort: "name", dir: "asc", page: 1 });
  });
  it("reads search, sort, direction and page", () => {
    const q = parseListQuery(new URLSearchParams("search=%20smith%20&sort=email&dir=desc&page=3"), options);
    expect(q).toMatchObject({ search: "smith", sort: "email", dir: "desc", page: 3, offset: 50 });
  });
  it("caps the search text", () => {
    expect(parseListQuery(new URLSearchParams({ search: "x".repeat(500) }), options).search).toHaveLength(200);
  });
});

describe("withParams", () => {
  it("changes and removes parameters, keeping the rest", () => {
    expect(withParams("search=a&page=2&sort=name", { page: null, sort: "email" })).toBe("?search=a&sort=email");
  });
});

describe("likePattern", () => {
  it("escapes wildcards", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("panelUrls", () => {
  const { listSearch, panelSearch } = panelUrls(["edit", "highlight"]);

  it("closes every panel and keeps the list's own parameters", () => {
    expect(listSearch("?search=smith&edit=3&page=2")).toBe("?search=smith&page=2");
    expect(panelSearch("?search=smith&edit=3", { highlight: 9 })).toBe("?search=smith&highlight=9");
  });

  it("answers for the search it is given when it changes between calls", () => {
    expect(panelSearch("?page=2&highlight=1", { edit: 4 })).toBe("?page=2&edit=4");
    expect(panelSearch("?page=3", { edit: 4 })).toBe("?page=3&edit=4");
    expect(listSearch(new URLSearchParams("sort=name&edit=1"))).toBe("?sort=name");
  });
});
