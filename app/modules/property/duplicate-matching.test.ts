import { MATCH_TYPE_LABELS, similarityPercent } from "./duplicate-matching";
import { matchProperty } from "~/modules/duplicates/match-properties";

describe("similarityPercent", () => {
  it("shows similarity as a whole percentage", () => {
    expect(similarityPercent(0.856)).toBe("86%");
    expect(similarityPercent(1)).toBe("100%");
  });
});

describe("the property form's duplicate check uses the import's rules", () => {
  it("labels every match type those rules produce", () => {
    const kinds = [
      matchProperty({ volume: "10234", folio: "512" }, { volume: "10234", folio: "512" }),
      matchProperty({ volume: "12001", folio: "45" }, { volume: "12001", folio: "045" }),
      matchProperty({ lot: "4", planNumber: "PS412345" }, { lot: "04", planNumber: "ps 412345" }),
      matchProperty({ address: "22 Lake Rd Buangor VIC 3375" }, { address: "22 Lake Road, Buangor VIC 3375" }),
    ].map((match) => match?.matchType);
    expect(kinds).toEqual(["volume_folio", "volume_folio_partial", "lot/plan", "address"]);
    for (const kind of kinds) expect(MATCH_TYPE_LABELS[kind as keyof typeof MATCH_TYPE_LABELS]).toBeTruthy();
  });
});
