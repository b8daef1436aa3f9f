import { describe, expect, it } from "vitest";
import { likePattern, parseListQuery, withParams } from "./list-query";

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
