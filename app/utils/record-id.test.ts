import { AppError } from "./app-error";
import { parseRecordId, requireRecordId } from "./record-id";

describe("parseRecordId", () => {
  it("accepts positive whole numbers within the id column", () => {
    expect(parseRecordId("12")).toBe(12);
    expect(parseRecordId(" 12 ")).toBe(12);
    expect(parseRecordId(7)).toBe(7);
    expect(parseRecordId("2147483647")).toBe(2_147_483_647);
  });

  it("refuses everything else", () => {
    for (const value of ["12abc", "-1", "0", "1e3", "1.5", "", "2147483648", "99999999999", null, undefined, {}, 0, -3, 1.5, Number.NaN]) {
      expect(parseRecordId(value)).toBeNull();
    }
  });

  it("requireRecordId answers 404 with the given message", () => {
    expect(requireRecordId("5", "Property not found")).toBe(5);
    expect(() => requireRecordId("x", "Property not found")).toThrow(AppError);
    try {
      requireRecordId("x", "Property not found");
    } catch (error) {
      expect((error as AppError).status).toBe(404);
      expect((error as AppError).message).toBe("Property not found");
    }
  });
});
