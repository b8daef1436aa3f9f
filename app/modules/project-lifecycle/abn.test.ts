import { abnDigits, formatAbn, isValidAbn } from "./abn";

describe("isValidAbn", () => {
  // Real ABNs from the Australian Business Register: the ATO, Woolworths, Telstra, BHP.
  it.each(["51 824 753 556", "53 004 085 616", "33 051 775 556", "49 004 028 077", "51824753556", " 53 004 085 616 "])("accepts %s", (abn) => {
    expect(isValidAbn(abn)).toBe(true);
  });

  it.each([
    ["a checksum off by one", "51 824 753 557"],
    ["two digits swapped", "15 824 753 556"],
    ["a made-up number", "12 345 678 901"],
    ["ten digits", "51 824 753 55"],
    ["twelve digits", "51 824 753 5566"],
    ["letters", "51 824 753 55A"],
    ["hyphens", "51-824-753-556"],
    ["a leading zero", "01 824 753 556"],
    ["nothing", ""],
  ])("refuses %s (%s)", (_name, abn) => {
    expect(isValidAbn(abn)).toBe(false);
  });
});

describe("abnDigits and formatAbn", () => {
  it("reads the digits with or without spaces and groups them as the register shows them", () => {
    expect(abnDigits("51 824 753 556")).toBe("51824753556");
    expect(abnDigits("5182475355")).toBeNull();
    expect(formatAbn("51824753556")).toBe("51 824 753 556");
    expect(formatAbn("not an ABN")).toBe("not an ABN");
  });
});
