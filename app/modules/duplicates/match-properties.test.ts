import { matchProperty } from "./match-properties";

describe("matchProperty", () => {
  it("auto-merges the exact same volume/folio", () => {
    expect(matchProperty({ address: "1 A St", volume: "10234", folio: "512" }, { address: "99 Other Rd", volume: "10234", folio: "512" })).toEqual({
      similarity: 1,
      matchType: "volume_folio",
      reason: "same volume/folio 10234/512",
      autoMerge: true,
    });
    // The same reference in one field or two, with spaces or a different separator, is still written the same.
    expect(matchProperty({ volume: "10234/512A" }, { volume: "10234", folio: "512a" })).toMatchObject({ matchType: "volume_folio", autoMerge: true, reason: "same volume/folio 10234/512A" });
  });

  it("leaves leading zeros or a suffix on one side to the user", () => {
    const zeros = matchProperty({ volume: "010234", folio: "0512" }, { volume: "10234", folio: "512" })!;
    expect(zeros).toMatchObject({ matchType: "volume_folio_partial", similarity: 0.95 });
    expect(zeros.autoMerge).toBeUndefined();
    expect(matchProperty({ volume: "10234", folio: "512A" }, { volume: "10234", folio: "512" })?.matchType).toBe("volume_folio_partial");
  });

  it("does not match different folios or different suffixes", () => {
    expect(matchProperty({ volume: "10234", folio: "512A" }, { volume: "10234", folio: "512B" })).toBeNull();
    expect(matchProperty({ volume: "10234", folio: "513" }, { volume: "10234", folio: "512" })).toBeNull();
    expect(matchProperty({ volume: "10234" }, { volume: "10234" })).toBeNull();
  });

  it("matches the same lot on the same plan, however written", () => {
    expect(matchProperty({ lotPlanLine: "Lot 3 DP 12345" }, { lot: "3", planNumber: "DP12345" })).toEqual({ similarity: 0.9, matchType: "lot/plan", reason: "same lot/plan 3/DP12345" });
    expect(matchProperty({ lotPlanLine: "3//DP12345" }, { lotPlanLine: "L3 DP12345" })?.matchType).toBe("lot/plan");
    // A bare plan number may be any register's.
    expect(matchProperty({ lot: "3", planNumber: "12345" }, { lotPlanLine: "3/DP12345" })?.reason).toBe("same lot/plan 3/DP12345");
  });

  it("does not match another lot, plan or plan type", () => {
    expect(matchProperty({ lotPlanLine: "Lot 3 DP12345" }, { lotPlanLine: "Lot 4 DP12345" })).toBeNull();
    expect(matchProperty({ lotPlanLine: "Lot 3 DP12345" }, { lotPlanLine: "Lot 3 DP12346" })).toBeNull();
    expect(matchProperty({ lotPlanLine: "Lot 3 DP12345" }, { lotPlanLine: "Lot 3 SP12345" })).toBeNull();
  });

  it("matches an address similar in canonical form", () => {
    expect(matchProperty({ address: "22 Lake Rd, Buangor VIC 3375" }, { address: "22 LAKE ROAD BUANGOR VICTORIA 3375" })).toEqual({ similarity: 1, matchType: "address", reason: "same address" });
    expect(matchProperty({ address: "Unit 3, 12 X St" }, { address: "3/12 X Street" })?.matchType).toBe("address");
    const typo = matchProperty({ address: "22 Lkae Rd Buangor" }, { address: "22 Lake Road Buangor" })!;
    expect(typo.matchType).toBe("address");
    expect(typo.reason).toMatch(/^address \d+ % similar$/);
  });

  it("does not match neighbours or blank addresses", () => {
    expect(matchProperty({ address: "12 Lake Rd Buangor" }, { address: "14 Lake Rd Buangor" })).toBeNull();
    expect(matchProperty({ address: "3/12 X St" }, { address: "4/12 X St" })).toBeNull();
    expect(matchProperty({ address: " " }, { address: " " })).toBeNull();
    expect(matchProperty({}, {})).toBeNull();
  });

  it("names the match by its strongest evidence when several apply: the title before the lot/plan before the address", () => {
    const both = { address: "22 Lake Rd Buangor", volume: "10234", folio: "512", lotPlanLine: "Lot 3 DP12345" };
    expect(matchProperty(both, { ...both })?.matchType).toBe("volume_folio");
    // The same address scores higher (100 %), but the title written another way is what may be merged.
    expect(matchProperty({ ...both, volume: "010234" }, both)).toMatchObject({ matchType: "volume_folio_partial", similarity: 0.95 });
    expect(matchProperty({ ...both, volume: "99", address: "" }, both)?.matchType).toBe("lot/plan");
    expect(matchProperty({ ...both, volume: "99", lotPlanLine: "" }, both)?.matchType).toBe("address");
  });
});
