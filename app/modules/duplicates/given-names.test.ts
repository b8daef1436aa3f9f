import { alignGivenNames, sameGivenName } from "./given-names";

describe("sameGivenName", () => {
  it("takes a short form as its full name, either way round, and a name as itself", () => {
    for (const [a, b] of [
      ["bill", "william"],
      ["william", "liam"],
      ["kate", "catherine"],
      ["kate", "katherine"],
      ["bob", "robert"],
      ["sue", "susan"],
      ["ann", "ann"],
    ]) {
      expect(sameGivenName(a!, b!)).toBe(true);
      expect(sameGivenName(b!, a!)).toBe(true);
    }
  });

  it("lets a short form stand for each name it is short for, but keeps those names apart", () => {
    expect(sameGivenName("chris", "christopher")).toBe(true);
    expect(sameGivenName("chris", "christine")).toBe(true);
    expect(sameGivenName("christopher", "christine")).toBe(false);
    expect(sameGivenName("samuel", "samantha")).toBe(false);
  });

  it("does not pair other names", () => {
    expect(sameGivenName("beatrice", "bartholomew")).toBe(false);
    expect(sameGivenName("jane", "john")).toBe(false);
    expect(sameGivenName("unknown", "unknowable")).toBe(false);
  });
});

describe("alignGivenNames", () => {
  it("writes a short form as the other name's full name, and leaves the rest", () => {
    expect(alignGivenNames(["bill", "john", "smith"], ["william", "john", "smith"])).toEqual(["william", "john", "smith"]);
    expect(alignGivenNames(["smith", "kate"], ["katherine", "smith"])).toEqual(["smith", "katherine"]);
    expect(alignGivenNames(["jane", "smith"], ["john", "smith"])).toEqual(["jane", "smith"]);
  });
});
