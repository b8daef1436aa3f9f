import { describe, expect, it } from "vitest";
import { isFullyUppercase, KEPT_UPPERCASE, normaliseList, normaliseText } from "./normalise-text";

describe("isFullyUppercase", () => {
  it("needs a capital letter and no lower-case letter", () => {
    expect(isFullyUppercase("JOHN SMITH")).toBe(true);
    expect(isFullyUppercase("12 GEORGE ST")).toBe(true);
    expect(isFullyUppercase("John SMITH")).toBe(false);
    expect(isFullyUppercase("john smith")).toBe(false);
    expect(isFullyUppercase("12 34")).toBe(false);
    expect(isFullyUppercase("")).toBe(false);
    expect(isFullyUppercase("ÉLODIE")).toBe(true);
  });
});

describe("normaliseText", () => {
  it("turns fully upper-case text into Title Case", () => {
    expect(normaliseText("JOHN SMITH")).toBe("John Smith");
    expect(normaliseText("MARGARET ANNE O'BRIEN")).toBe("Margaret Anne O'Brien");
    expect(normaliseText("SMITH-JONES")).toBe("Smith-Jones");
    expect(normaliseText("ÉLODIE DUPONT")).toBe("Élodie Dupont");
  });

  it("leaves mixed-case and lower-case text untouched", () => {
    expect(normaliseText("John SMITH")).toBe("John SMITH");
    expect(normaliseText("McDonald Farms PTY LTD")).toBe("McDonald Farms PTY LTD");
    expect(normaliseText("de Groot")).toBe("de Groot");
    expect(normaliseText("john smith")).toBe("john smith");
  });

  it("leaves text without letters untouched", () => {
    expect(normaliseText("")).toBe("");
    expect(normaliseText("0412 345 678")).toBe("0412 345 678");
    expect(normaliseText("  ")).toBe("  ");
  });

  it("keeps state codes in capitals", () => {
    expect(normaliseText("12 GEORGE ST SYDNEY NSW 2000")).toBe("12 George St Sydney NSW 2000");
    for (const state of ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "NT", "ACT"]) expect(normaliseText(`PERTH ${state}`)).toBe(`Perth ${state}`);
  });

  it("keeps company suffixes in capitals", () => {
    expect(normaliseText("SMITH FARMING PTY LTD")).toBe("Smith Farming PTY LTD");
    expect(normaliseText("ACME HOLDINGS P/L")).toBe("Acme Holdings P/L");
    expect(normaliseText("J & M BROWN PTY LTD ATF BROWN FAMILY TRUST")).toBe("J & M Brown PTY LTD ATF Brown Family Trust");
    expect(normaliseText("GLOBEX INC")).toBe("Globex INC");
  });

  it("keeps job titles in capitals", () => {
    expect(normaliseText("JANE DOE, CEO")).toBe("Jane Doe, CEO");
    expect(normaliseText("CFO AND COO")).toBe("CFO and COO");
    expect(normaliseText("HR MANAGER")).toBe("HR Manager");
  });

  it("keeps other abbreviations, initials, numbers with letters and plan references", () => {
    expect(normaliseText("PO BOX 12, DUBBO NSW")).toBe("PO Box 12, Dubbo NSW");
    expect(normaliseText("LOT 3 DP123456")).toBe("Lot 3 DP123456");
    expect(normaliseText("LOT 3 DP 123456")).toBe("Lot 3 DP 123456");
    expect(normaliseText("UNIT 12A, 5 HIGH ST")).toBe("Unit 12A, 5 High St");
    expect(normaliseText("JOHN A SMITH")).toBe("John A Smith");
    expect(normaliseText("KING GEORGE III")).toBe("King George III");
  });

  it("writes ordinals, possessives and joining words the usual way", () => {
    expect(normaliseText("3RD AVENUE")).toBe("3rd Avenue");
    expect(normaliseText("JOHN'S FARM")).toBe("John's Farm");
    expect(normaliseText("DEPARTMENT OF PLANNING AND ENVIRONMENT")).toBe("Department of Planning and Environment");
    expect(normaliseText("THE ROCKS")).toBe("The Rocks");
  });

  it("writes Mc names with their second capital", () => {
    expect(normaliseText("ANGUS MCDONALD")).toBe("Angus McDonald");
  });

  it("keeps every separator exactly", () => {
    expect(normaliseText("  SMITH,  JOHN  ")).toBe("  Smith,  John  ");
    expect(normaliseText("A/B  C")).toBe("A/B  C");
  });

  it("is idempotent", () => {
    for (const text of ["JOHN SMITH", "12 GEORGE ST SYDNEY NSW 2000", "SMITH FARMING PTY LTD", "3RD AVENUE"]) {
      const once = normaliseText(text);
      expect(normaliseText(once)).toBe(once);
    }
  });

  it("keeps the list of capital words in capitals itself", () => {
    for (const word of KEPT_UPPERCASE) expect(normaliseText(`FARM ${word}`)).toBe(`Farm ${word}`);
  });
});

describe("normaliseList", () => {
  it("normalises each string and says null when nothing changes", () => {
    expect(normaliseList(["JOHN SMITH", "Mary Brown", 3])).toEqual(["John Smith", "Mary Brown", 3]);
    expect(normaliseList(["Mary Brown"])).toBeNull();
    expect(normaliseList([])).toBeNull();
  });
});
