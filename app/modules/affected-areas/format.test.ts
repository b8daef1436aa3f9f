import { formatHectares, formatShare } from "./format";

describe("affected area figures as the screens write them", () => {
  it("writes hectares to the square metre", () => {
    expect(formatHectares(12_345)).toBe("1.2345 ha");
    expect(formatHectares(1)).toBe("0.0001 ha");
    expect(formatHectares(0)).toBe("0.0000 ha");
    expect(formatHectares(123_456_789)).toBe("12,345.6789 ha");
  });

  it("writes shares as percentages, a sliver as under 0.01 %", () => {
    expect(formatShare(0.123456)).toBe("12.35 %");
    expect(formatShare(1)).toBe("100.00 %");
    expect(formatShare(0)).toBe("0.00 %");
    expect(formatShare(0.00001)).toBe("< 0.01 %");
  });
});
