import { addressSimilarity, findDuplicates, matchProperty, normaliseAddress, normaliseTitleRef, similarityPercent, trigramSimilarity } from "./duplicate-matching";

const existing = (id: number, fields: Partial<Parameters<typeof matchProperty>[1]>) => ({ id, address: "", ...fields });

describe("normaliseAddress", () => {
  it("expands street-type abbreviations and drops punctuation", () => {
    expect(normaliseAddress("22 Lake Rd, Buangor VIC 3375")).toBe("22 lake road buangor vic 3375");
    expect(normaliseAddress("5 Smith St.")).toBe("5 smith street");
    expect(normaliseAddress("1480 Western Hwy")).toBe("1480 western highway");
    expect(normaliseAddress("3/7 Beach Pde & Esp")).toBe("3 7 beach parade and esplanade");
  });
});

describe("trigramSimilarity", () => {
  it("is 1 for equal text, 0 for nothing shared or empty", () => {
    expect(trigramSimilarity("lake road", "lake road")).toBe(1);
    expect(trigramSimilarity("abc", "xyz")).toBe(0);
    expect(trigramSimilarity("", "xyz")).toBe(0);
  });

  it("agrees with pg_trgm's similarity('word', 'words')", () => {
    // pg_trgm: similarity('word', 'words') = 0.5714286 (4 shared of 7 distinct).
    expect(trigramSimilarity("word", "words")).toBeCloseTo(0.5714286, 6);
  });
});

describe("addressSimilarity", () => {
  it("treats Rd and Road, St and Street as the same", () => {
    expect(addressSimilarity("22 Lake Rd, Buangor VIC 3375", "22 Lake Road, Buangor VIC 3375")).toBe(1);
    expect(addressSimilarity("5 Smith St Ararat", "5 SMITH STREET, ARARAT")).toBe(1);
  });

  it("scores different streets low", () => {
    expect(addressSimilarity("22 Lake Road, Buangor", "77 Main Lead Road, Waterloo")).toBeLessThan(0.6);
  });
});

describe("normaliseTitleRef", () => {
  it("ignores case, punctuation and leading zeros", () => {
    expect(normaliseTitleRef(" 045 ")).toBe("45");
    expect(normaliseTitleRef("10-234")).toBe("10234");
    expect(normaliseTitleRef("0")).toBe("0");
    expect(normaliseTitleRef(null)).toBe("");
  });
});

describe("matchProperty", () => {
  it("finds an exact volume/folio match with similarity 1", () => {
    const match = matchProperty(
      { address: "Somewhere else", volume: "10234", folio: "512" },
      existing(7, { address: "1480 Western Highway", volume: "10234", folio: "512", lotPlanLine: "Lot 1", proprietors: ["M Ellis"] }),
    );
    expect(match).toEqual({ id: 7, similarity: 1, matchType: "volume_folio", address: "1480 Western Highway", volume: "10234", folio: "512", lotPlanLine: "Lot 1", proprietors: ["M Ellis"] });
  });

  it("finds partial volume/folio matches: leading zeros, or one side missing a part", () => {
    expect(matchProperty({ address: "x", volume: "12001", folio: "45" }, existing(1, { address: "y", volume: "12001", folio: "045" }))?.matchType).toBe("volume_folio_partial");
    expect(matchProperty({ address: "x", volume: "12001", folio: "" }, existing(1, { address: "y", volume: "12001", folio: "045" }))?.matchType).toBe("volume_folio_partial");
    expect(matchProperty({ address: "x", volume: null, folio: "045" }, existing(1, { address: "y", volume: "12001", folio: "045" }))?.similarity).toBe(0.85);
  });

  it("does not match two different folios of the same volume", () => {
    expect(matchProperty({ address: "Lot 9 Nowhere Lane", volume: "10234", folio: "513" }, existing(1, { address: "1480 Western Highway", volume: "10234", folio: "512" }))).toBeNull();
  });

  it("matches by lot and plan, or by the same lot/plan line", () => {
    expect(matchProperty({ address: "x", lot: "4", planNumber: "PS412345" }, existing(1, { address: "y", lot: "04", planNumber: "ps 412345" }))?.matchType).toBe("lot/plan");
    expect(matchProperty({ address: "x", lotPlanLine: "Lot 4 on PS412345" }, existing(1, { address: "y", lotPlanLine: "LOT 4 ON PS412345" }))?.similarity).toBe(0.9);
    expect(matchProperty({ address: "x", lot: "4", planNumber: "PS1" }, existing(1, { address: "y", lot: "5", planNumber: "PS1" }))).toBeNull();
  });

  it("matches similar addresses at or above the threshold, scoring by similarity", () => {
    const match = matchProperty({ address: "22 Lake Rd Buangor VIC 3375" }, existing(3, { address: "22 Lake Road, Buangor VIC 3375" }));
    expect(match?.matchType).toBe("address");
    expect(match?.similarity).toBe(1);
    expect(matchProperty({ address: "9 Hill Street Ararat" }, existing(3, { address: "22 Lake Road, Buangor VIC 3375" }))).toBeNull();
  });

  it("prefers the stronger kind when scores tie (identical address and exact volume/folio)", () => {
    const match = matchProperty({ address: "1 A Road", volume: "1", folio: "2" }, existing(1, { address: "1 A Rd", volume: "1", folio: "2" }));
    expect(match?.matchType).toBe("volume_folio");
  });
});

describe("findDuplicates", () => {
  it("returns matches most similar first, without repeats, up to the limit", () => {
    const rows = [
      existing(1, { address: "22 Lake Road, Buangor VIC 3375" }),
      existing(2, { address: "Elsewhere", volume: "9876", folio: "0101" }),
      existing(1, { address: "22 Lake Road, Buangor VIC 3375" }),
      existing(3, { address: "Completely different place" }),
      existing(4, { address: "Other", volume: "9876", folio: "101" }),
    ];
    const found = findDuplicates({ address: "22 Lake Rd, Buangor VIC 3375", volume: "9876", folio: "101" }, rows);
    expect(found.map((c) => [c.id, c.matchType])).toEqual([
      [4, "volume_folio"],
      [1, "address"],
      [2, "volume_folio_partial"],
    ]);
    expect(findDuplicates({ address: "22 Lake Rd, Buangor VIC 3375", volume: "9876", folio: "101" }, rows, { limit: 1 })).toHaveLength(1);
  });
});

describe("similarityPercent", () => {
  it("shows similarity as a whole percentage", () => {
    expect(similarityPercent(0.856)).toBe("86%");
    expect(similarityPercent(1)).toBe("100%");
  });
});
